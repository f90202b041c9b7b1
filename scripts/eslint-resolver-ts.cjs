/**
 * Import resolver for eslint-plugin-boundaries: the server and domain write relative imports with the
 * ".js" of the compiled file ('./users.service.js') for a ".ts" source; this finds the source so that
 * boundaries can classify the imported file. Anything else goes to the node resolver.
 */
const fs = require('node:fs');
const path = require('node:path');
const node = require('eslint-import-resolver-node');

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) => {
  if (source.startsWith('.') && source.endsWith('.js')) {
    for (const ext of ['.ts', '.tsx']) {
      const candidate = path.resolve(path.dirname(file), source.slice(0, -3) + ext);
      if (fs.existsSync(candidate)) return { found: true, path: candidate };
    }
  }
  return node.resolve(source, file, config);
};
