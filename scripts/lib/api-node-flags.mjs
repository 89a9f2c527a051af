// The Node flags the API server runs with, wherever it is started (npm start, the benchmark, production:
// see docs/deploying.md).
//
// --max-semi-space-size=64: V8's young generation holds what a request allocates (headers, token strings,
// the logger child, the answer) and dies with it. At the default (16 MB per semi-space) a loaded server
// scavenges dozens of times a second and copies live request state each time; with 64 MB it scavenges a
// quarter as often. Measured with `npm run bench` on /api/members/me: about 20k -> 33k req/s at 50
// connections, p99 12 -> 4 ms, for some 100 MB more RSS at peak.
export const API_NODE_FLAGS = ['--max-semi-space-size=64'];
