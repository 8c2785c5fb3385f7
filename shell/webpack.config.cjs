const { createConfigs } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfigs(
    {
      name: 'shell',
      dir: __dirname,
      entry: './src/app/index.ts',
      html: './src/app/index.html',
      favicon: './src/app/favicon.svg',
      runtimePlugins: [require.resolve('./src/app/mfRuntimePlugin.ts')],
      serverEntry: './src/server/index.tsx',
    },
    argv,
  );
