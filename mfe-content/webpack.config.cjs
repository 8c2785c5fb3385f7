const { createConfig } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfig({ name: 'content', dir: __dirname, exposes: { './app': './src/lifecycles.tsx' }, devPort: 3004 }, argv);
