package dev.orchestrator.health.redis;

import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.RetryBudget;
import dev.orchestrator.engine.health.RouteHealthRegistry;

/** The contract on the engine's in-memory store: the reference the Redis store must match. */
class InMemoryStoreContractTest extends HealthStoreContract {
  @Override
  HealthStore newStore(HealthSettings settings, ManualTime time) {
    return RouteHealthRegistry.create(time, settings, RetryBudget.defaults(time));
  }
}
