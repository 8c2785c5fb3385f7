const { createConfig } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfig({ name: 'account', dir: __dirname, exposes: { './app': './src/lifecycles.tsx', './service': './src/service.ts' }, devPort: 3003 }, argv);
