/**
 * A plugin's name, for fastify and for avvio's plugin tree (`app.printPlugins()`). Without one, fastify names each
 * plugin it registers by looking for its function among the exports of every CommonJS module loaded
 * (`getPluginName`: about a millisecond a plugin with this service's modules loaded, some 35 plugins an app, the
 * tests' hundred-odd apps and every start), and avvio shows an anonymous one as the first lines of its source.
 * `fastify-plugin` gives its plugins a name already (the plugins/ ones are registered as they are; `named` keeps such a
 * name); the rest get the function's own, or `name`.
 */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

export function named<T extends object>(plugin: T, name?: string): T {
  if (DISPLAY_NAME in plugin) return plugin;
  const own = (plugin as { name?: unknown }).name;
  const label = name ?? (typeof own === 'string' && own !== '' ? own : 'plugin');
  Object.defineProperty(plugin, DISPLAY_NAME, { value: label, configurable: true });
  if (typeof plugin === 'function' && own === '') Object.defineProperty(plugin, 'name', { value: label, configurable: true });
  return plugin;
}
