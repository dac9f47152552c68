export * from './core.port';
export type * from './resources';
