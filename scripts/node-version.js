// @ts-check
/**
 * The project brings its own Node (the npm `node` package, so npm scripts run on
 * node_modules/.bin/node). Anything started outside npm on an older Node stops here with one
 * sentence instead of failing later inside a library that needs a newer runtime.
 */
const MINIMUM = [22, 12];

/** @param {string} version e.g. "24.21.0" */
function isSupportedNode(version) {
  const [major, minor] = version.split(".").map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

function assertSupportedNode(version = process.versions.node) {
  if (isSupportedNode(version)) return;
  console.error(
    `BFS Tasks needs Node ${MINIMUM.join(".")} or newer and this is Node ${version}: run it through npm (npm start, npm test), which uses the Node 24 that npm install brings, or install Node 24.`,
  );
  process.exit(1);
}

module.exports = { isSupportedNode, assertSupportedNode };
