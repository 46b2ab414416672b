/**
 * Route health and client spend shared by a fleet of orchestrators on Redis (docs/design.md §11,
 * ADR 0021, ADR 0022): {@link dev.orchestrator.health.redis.RedisHealthStore} implements the
 * engine's {@code HealthStore} with a local view kept current by pub/sub, one Lua script per state
 * change, a fleet-wide probe lease and a degraded mode on local health; its {@link
 * dev.orchestrator.health.redis.RedisHealthStore#spendStore()} implements the engine's {@code
 * SpendStore} on the same connection.
 */
package dev.orchestrator.health.redis;
