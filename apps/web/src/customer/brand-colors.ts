// The rule lives in the contracts: the API's server paint of /join/<slug> colours the page the same way.
export { contrast, luminance, readableOn } from '@loyalty/contracts';
