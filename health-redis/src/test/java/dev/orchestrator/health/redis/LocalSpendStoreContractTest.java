package dev.orchestrator.health.redis;

import dev.orchestrator.engine.cost.SpendStore;
import dev.orchestrator.serve.LocalSpendStore;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/** The spend contract on serve's local store: the reference the Redis store must match. */
class LocalSpendStoreContractTest {
  @Nested
  class InMemory extends SpendStoreContract {
    @Override
    SpendStore newStore() {
      return LocalSpendStore.inMemory();
    }
  }

  @Nested
  class OnAFile extends SpendStoreContract {
    @TempDir Path dir;

    @Override
    SpendStore newStore() {
      return LocalSpendStore.open(dir.resolve("spend.json"));
    }
  }
}
