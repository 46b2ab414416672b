package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static dev.orchestrator.engine.testing.ScriptedClient.fail;
import static dev.orchestrator.engine.testing.ScriptedClient.failure;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.DeclaredLimits;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.RetryBudget;
import dev.orchestrator.engine.health.RouteHealthRegistry;
import dev.orchestrator.engine.health.SharedState;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ForwardingHealthStore;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * A declared key limit counts the requests sent with the key, and only those (docs/design.md §5,
 * ADR 0033): a route health sheds or holds back spends nothing of its provider's limit, in the
 * process or in the fleet's shared counter.
 */
class KeyLimitCountTest {
  private final FakeTime time = new FakeTime();
  private final ScriptedClient client = new ScriptedClient(time);

  private static ChatRequest request(String model) {
    return ChatRequest.builder(model).user("hello").build();
  }

  /** A pool of a and b, b's key declaring 5 requests a day. */
  private static Catalog catalog() {
    Catalog plain =
        Catalogs.of(free("a", "m", 8000), free("b", "m", 8000)).toBuilder()
            .pool(new Pool("v", PoolKind.VIRTUAL, List.of("a/m", "b/m")))
            .build();
    Provider b = plain.provider("b").orElseThrow();
    return plain.toBuilder()
        .provider(b.withKeys(List.of(), new DeclaredLimits(5, null, null)))
        .build();
  }

  private static OrchestratorPolicy policy() {
    return OrchestratorPolicy.builder()
        .seed(3L)
        .breaker(2, Duration.ofSeconds(1))
        .retryBudget(0.0, 2, Duration.ofSeconds(10))
        .deadline(Duration.ofMillis(500))
        .build();
  }

  private TaskOrchestrator.Builder orchestrator() {
    return client
        .orchestrator()
        .catalog(catalog())
        .policy(policy())
        .clock(time.clock(Instant.parse("2025-06-01T12:00:00Z")));
  }

  /**
   * Opens both breakers and spends the retry budget, then sends three requests in panic mode: each
   * sends its first attempt to a (its own load) and finds b shed (the budget is spent).
   */
  private void outageWithBShed(TaskOrchestrator o) {
    client.script("a/m", fail(503, FailureCategory.SERVER_ERROR, true));
    client.script("b/m", fail(503, FailureCategory.SERVER_ERROR, true));
    failure(o, request("a/m")); // two sends, a opens; one budget token
    failure(o, request("b/m")); // two sends, b opens; the budget is spent
    assertThat(o.health().breaker("b/m")).isEqualTo(BreakerState.OPEN);
    for (int i = 0; i < 3; i++) {
      failure(o, request("v"));
    }
    assertThat(client.calls().stream().filter("b/m"::equals).count()).isEqualTo(2);
  }

  @Test
  void aDeclaredDailyCapIsSpentOnlyByRequestsSent() {
    TaskOrchestrator o = orchestrator().build();
    outageWithBShed(o);

    // b recovers: it has sent 2 of its 5 requests today, so it is not out for the day.
    time.advance(Duration.ofSeconds(2));
    client.script("b/m", ok("b is back"));
    ChatResult r = o.chat(request("b/m"));

    assertThat(r.route()).isEqualTo("b/m");
    assertThat(r.trace().limited()).isEmpty();
  }

  @Test
  void theFleetsDailyCounterCountsOnlyTheAttemptsSent() {
    Fleet store =
        new Fleet(
            RouteHealthRegistry.create(
                time,
                HealthSettings.builder()
                    .breakerThreshold(2)
                    .openTime(Duration.ofSeconds(1), Duration.ofSeconds(8))
                    .build(),
                new RetryBudget(time, 0.0, 2, Duration.ofSeconds(10))));
    TaskOrchestrator o = orchestrator().healthStore(store).build();
    outageWithBShed(o);

    assertThat(store.countedFor("b")).isEqualTo(2);
    time.advance(Duration.ofSeconds(2));
    client.script("b/m", ok("b is back"));
    assertThat(o.chat(request("b/m")).route()).isEqualTo("b/m");
    assertThat(store.countedFor("b")).isEqualTo(3);
  }

  /** The in-memory store with a fleet's shared counters, kept in a map. */
  private static final class Fleet extends ForwardingHealthStore {
    private final Map<String, Long> counters = new ConcurrentHashMap<>();
    private final SharedState shared =
        new SharedState() {
          @Override
          public long increment(String counter, Instant expiresAt) {
            return counters.merge(counter, 1L, Long::sum);
          }

          @Override
          public void put(String key, String value, Duration ttl) {}

          @Override
          public String get(String key) {
            return null;
          }
        };

    Fleet(HealthStore delegate) {
      super(delegate);
    }

    /** What the fleet has counted today for the keys of {@code provider}. */
    long countedFor(String provider) {
      return counters.entrySet().stream()
          .filter(e -> e.getKey().startsWith("day:" + provider + ":"))
          .mapToLong(Map.Entry::getValue)
          .sum();
    }

    @Override
    public SharedState shared() {
      return shared;
    }
  }
}
