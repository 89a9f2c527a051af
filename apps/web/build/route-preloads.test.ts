import { describe, expect, it } from 'vitest';
import { type ChunkInfo, preloadMap, preloadScript } from './route-preloads';

const chunk = (fileName: string, facade: string | null, imports: string[] = [], isEntry = false): ChunkInfo => ({
  type: 'chunk',
  fileName,
  facadeModuleId: facade && `/app/${facade}`,
  imports,
  isEntry,
});

const bundle = Object.fromEntries(
  [
    chunk('index.js', 'src/main.tsx', ['react.js'], true),
    chunk('react.js', null),
    chunk('gate.js', 'src/gate.tsx', ['zod.js', 'react.js']),
    chunk('zod.js', null),
    chunk('members.js', 'src/members.tsx', ['table.js', 'zod.js']),
    chunk('table.js', null),
    chunk('register.js', 'src/register.tsx', ['zod.js']),
  ].map((c) => [c.fileName, c]),
);
const table = {
  public: { '/login': [], '/register': ['src/register.tsx'] },
  workspace: ['src/gate.tsx'],
  screens: { '/members': ['src/members.tsx'] },
};

describe('route preloads', () => {
  it('lists each address its lazy chunks and their imports, less what the entry loads', () => {
    expect(preloadMap(bundle, '/app', table)).toEqual({
      paths: {
        '/login': [],
        '/register': ['register.js', 'zod.js'],
        '/members': ['gate.js', 'members.js', 'table.js', 'zod.js'],
      },
      fallback: ['gate.js', 'zod.js'],
    });
  });

  it('with a second entry (customer.html), leaves out only what the named entry loads', () => {
    const both = {
      ...bundle,
      'customer.js': chunk('customer.js', 'customer.html', ['react.js', 'zod.js'], true),
      'index.js': chunk('index.js', 'index.html', ['react.js'], true),
    };
    // zod.js is loaded by the customer entry, not by the admin's: the admin's addresses still preload it.
    expect(preloadMap(both, '/app', { ...table, entry: 'index.html' }).paths['/register']).toEqual([
      'register.js',
      'zod.js',
    ]);
    expect(() => preloadMap(both, '/app', { ...table, entry: 'admin.html' })).toThrow('no entry chunk for admin.html');
  });

  it('fails the build when a listed module is not a chunk of its own', () => {
    expect(() => preloadMap(bundle, '/app', { ...table, screens: { '/users': ['src/users.tsx'] } })).toThrow(
      'src/users.tsx is not a chunk of its own',
    );
  });

  it('the script asks for the address’s files, and a workspace address it does not know gets the shared ones', () => {
    const map = preloadMap(bundle, '/app', table);
    const run = (pathname: string) => {
      document.head.innerHTML = '';
      new Function('location', preloadScript(map))({ pathname });
      return [...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'));
    };
    expect(run('/login')).toEqual([]);
    expect(run('/members/')).toEqual(['/gate.js', '/members.js', '/table.js', '/zod.js']);
    expect(run('/no-such-screen')).toEqual(['/gate.js', '/zod.js']);
  });
});
