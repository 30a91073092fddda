// Local ESLint rule for the boundaries the guides describe (src/server/modules/README.md,
// src/client/games/README.md) inside src/client and src/server
// (no plugin package: each relative import is resolved to a path and checked):
// - a client feature imports another feature only through its index (features/<f>/index.ts); stylesheets
//   are exempt for now (boxes.css holds the item and box page styles several features share);
// - client games never import each other; lib, stores, engine and components/ui import no feature, game or app file;
// - a server module never imports another module's routes or module wiring (its services, yes).
import path from 'node:path';

const feature = /^src\/client\/features\/([^/]+)(?:\/(.*))?$/;
const game = /^src\/client\/games\/([^/]+)\/(.*)$/;
const gameTools = /^src\/client\/games\/dev-scenes\//; // the /dev/scenes stories play every game's scene, as registry.ts lists them
const lowerLayer = /^src\/client\/(lib|stores|engine|components\/ui)\//;
const upperLayer = /^src\/client\/(features|games|app)\//;
const serverModule = /^src\/server\/modules\/([^/]+)\/(.*)$/;
const entryFile = /\.(routes|module)\.ts$/;

/** The problem with importing `target` from `file` (both repository-relative), or null. */
export function boundaryProblem(file, target) {
  const fromFeature = feature.exec(file);
  const toFeature = feature.exec(target);
  const viaIndex = /^index\.tsx?$/.test(toFeature?.[2] ?? '') || target.endsWith('.css');
  if (fromFeature && toFeature && fromFeature[1] !== toFeature[1] && !viaIndex) {
    return `A feature imports another feature only through its index: import from src/client/features/${toFeature[1]}/index.ts (what several features use belongs in src/client/lib).`;
  }
  const fromGame = gameTools.test(file) ? null : game.exec(file);
  const toGame = game.exec(target);
  if (fromGame && toGame && fromGame[1] !== toGame[1]) {
    return 'Games never import each other: move what two games share to engine/, components/ or src/shared.';
  }
  if (lowerLayer.test(file) && upperLayer.test(target)) {
    return `src/client/${lowerLayer.exec(file)[1]} is shared by features and games and imports none of them (nor app/).`;
  }
  const fromModule = serverModule.exec(file);
  const toModule = serverModule.exec(target);
  if (fromModule && toModule && fromModule[1] !== toModule[1] && entryFile.test(toModule[2])) {
    return `Server modules import each other's services, never each other's routes or module wiring (${toModule[1]}/${toModule[2]}); app.ts registers routes.`;
  }
  return null;
}

const toPosix = (p) => p.split(path.sep).join('/');

/** ESLint rule `boundaries/layers`. */
const layers = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Feature, game and module boundaries (src/server/modules/README.md, src/client/games/README.md)',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = toPosix(path.relative(root, context.filename));
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = toPosix(path.relative(root, path.resolve(path.dirname(context.filename), source.value)));
      const message = boundaryProblem(file, target);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/** The plugin to register as `boundaries` in eslint.config.js. */
export default { rules: { layers } };
