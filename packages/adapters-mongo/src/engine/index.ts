export { firstAvailableEngine, openDatabase } from './connect.js';
export { engineCapabilities } from './capabilities.js';
export type { EngineCapabilities } from './capabilities.js';
export { DatabaseEngineError, DatabaseUnreachableError } from './errors.js';
export { redactUrl } from './redact.js';
export type { DatabaseHandle, EmbeddedEngineName, EngineKind, OpenDatabaseOptions } from './types.js';
export { chooseDatabaseName, databaseInUrl, urlWithDatabase, DEFAULT_DATABASE_NAME, type DatabaseNameProblem } from './database-name.js';
export { DEFAULT_POSTGRESQL_URL, postgresqlDatabaseSize } from './postgresql.js';
export { startFerretdb, type StartedFerretdb } from './ferretdb.js';
