// The @emotion/react that every project gets (webpack resolves `@emotion/react` here, and this module
// is what the federation shares as the `@emotion/react` singleton). Shared modules are not
// tree-shaken, so sharing the package itself would ship withTheme (with hoist-non-react-statics and
// react-is), Global and ClassNames on every first load. This facade re-exports what the storefront
// uses; webpack tree-shakes the rest away. Need another export? Add it here: every remote then has
// it with the next shell. The shell's build fails loudly (exportsPresence: 'error') on a name this
// file lacks, but a remote's build cannot see it (it reads the shared module in the browser):
// tools/test/emotion-facade.test.mjs checks the remotes' imports against this list.
export {
  CacheProvider,
  ThemeContext,
  ThemeProvider,
  createElement,
  css,
  jsx,
  keyframes,
  useTheme,
  withEmotionCache,
} from '@emotion/react-browser-build';
