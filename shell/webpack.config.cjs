const { createConfigs } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfigs(
    {
      name: 'shell',
      dir: __dirname,
      entry: './src/index.ts',
      html: './src/index.html',
      favicon: './src/favicon.svg',
      runtimePlugins: [require.resolve('./src/mf-runtime-plugin.ts')],
      serverEntry: './src/server.tsx',
    },
    argv,
  );
