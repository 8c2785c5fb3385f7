const { createConfigs } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfigs({ name: 'content', dir: __dirname, exposes: { './app': './src/exposes/app.ts' }, serverEntry: './src/server/index.tsx', devPort: 3004 }, argv);
