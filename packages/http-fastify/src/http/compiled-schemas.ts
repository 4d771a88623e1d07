/**
 * Response serializers compiled once per process, not once per app. Compiling the routes' response schemas is most
 * of what building an app costs: fast-json-stringify checks each schema against its meta-schema, resolves its
 * `$ref`s and generates the function (measured: 60 % of the CPU of the service's HTTP tests, which build an app per
 * test). The service builds one app, but tests and programs that embed the app build many, from the same schemas;
 * a serializer is a pure function of its schema, the shared schemas it refers to and the options, so one compiled
 * for a given text of those serves every app.
 */
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Serializer = ReturnType<ReturnType<SerializerFactory>>;

/** Keyed by the shared schemas and options, then by the route schema, each as JSON text (a bounded set: the code's). */
const compiled = new Map<string, Map<string, Serializer>>();

/** Fastify's default serializer factory (`schemaController.compilersFactory.buildSerializer`), memoised. */
export const sharedSerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const build = SerializerSelector()(externalSchemas, options);
  const context = JSON.stringify([externalSchemas ?? null, options ?? null]);
  let serializers = compiled.get(context);
  if (serializers === undefined) compiled.set(context, (serializers = new Map<string, Serializer>()));
  const known = serializers;
  return (route) => {
    const key = JSON.stringify(route.schema ?? null);
    let serializer = known.get(key);
    if (serializer === undefined) known.set(key, (serializer = build(route)));
    return serializer;
  };
};
