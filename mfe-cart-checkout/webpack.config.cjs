const { createConfig } = require('@store/webpack-config');

module.exports = (_env, argv) =>
  createConfig(
    {
      name: 'cart_checkout',
      dir: __dirname,
      exposes: {
        './app': './src/lifecycles.tsx',
        './service': './src/service.ts',
        './CartDrawer': './src/CartDrawer.tsx',
        './AccountOrders': './src/AccountOrders.tsx',
        './AccountPaymentMethods': './src/AccountPaymentMethods.tsx',
      },
      devPort: 3002,
    },
    argv,
  );
