const { createConfig } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfig({ name: 'account', dir: __dirname, exposes: { './app': './src/exposes/app.ts', './service': './src/exposes/service.ts' }, devPort: 3003 }, argv);
