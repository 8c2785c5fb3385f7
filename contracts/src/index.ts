export * from './common';
export * from './catalog';
export * from './images';
export * from './money';
export * from './routes';
