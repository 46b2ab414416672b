package dev.orchestrator.engine.preflight;

import static dev.orchestrator.engine.testing.ScriptedClient.failure;
import static dev.orchestrator.engine.testing.ScriptedClient.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class PreflightPropertyTest {
  private static final Set<FailureCategory> TRANSIENT =
      EnumSet.of(
          FailureCategory.RATE_LIMITED,
          FailureCategory.OVERLOADED,
          FailureCategory.SERVER_ERROR,
          FailureCategory.CONNECTION_FAILED,
          FailureCategory.TIMEOUT);

  private static Preflight.Builder sequential(Catalog catalog, ScriptedClient client, FakeTime t) {
    return Preflight.builder()
        .catalog(catalog)
        .providers(ProviderClients.single(client))
        .credentials(Credentials.constant("k"))
        .concurrency(1)
        .executor(Runnable::run)
        .ticker(t)
        .sleeper(t);
  }

  @Property(tries = 200)
  void aSecondAttemptFollowsOnlyARetryableTransientFailure(
      @ForAll FailureCategory category, @ForAll boolean retryable, @ForAll boolean secondAnswers) {
    FakeTime time = new FakeTime();
    ScriptedClient client = new ScriptedClient(time);
    ProviderFailure f =
        ProviderFailure.builder(category, ReachedModel.UNKNOWN)
            .retryable(retryable)
            .message("")
            .build();
    client.script("a/m", failure(f), secondAnswers ? ok("pong") : failure(f));

    RouteVerdict v =
        sequential(Catalogs.of(Catalogs.free("a", "m", 8000)), client, time)
            .build()
            .check("a/m")
            .routes()
            .get(0);

    boolean second = retryable && TRANSIENT.contains(category);
    assertThat(v.attempts()).isEqualTo(second ? 2 : 1).isLessThanOrEqualTo(Preflight.MAX_ATTEMPTS);
    assertThat(client.calls()).hasSize(v.attempts());
    if (category == FailureCategory.CANCELLED) {
      assertThat(v.verdict()).isEqualTo(Verdict.SKIPPED);
    } else {
      assertThat(v.verdict())
          .isEqualTo(second && secondAnswers ? Verdict.VIABLE : Verdict.REJECTED);
    }
  }

  @Property(tries = 200)
  void aFreePoolNeverContactsAPricedRoute(
      @ForAll @Size(min = 1, max = 8) List<Boolean> freeFlags,
      @ForAll boolean allowPriced,
      @ForAll @IntRange(min = 1, max = 10) int maxRoutes) {
    FakeTime time = new FakeTime();
    ScriptedClient client = new ScriptedClient(time);
    Route[] routes = new Route[freeFlags.size()];
    for (int i = 0; i < routes.length; i++) {
      routes[i] =
          freeFlags.get(i)
              ? Catalogs.free("p" + i, "m", 8000)
              : Catalogs.priced("p" + i, "m", 8000);
    }
    Catalog catalog = Catalogs.of(routes);

    PreflightReport r =
        sequential(catalog, client, time)
            .allowPriced(allowPriced)
            .maxRoutes(maxRoutes)
            .build()
            .check("orchestrator/free");

    for (String called : client.calls()) {
      assertThat(catalog.route(called).orElseThrow().tier()).isEqualTo(Tier.FREE);
    }
    assertThat(r.routes()).noneMatch(RouteVerdict::pricedProbed);
    long free = freeFlags.stream().filter(b -> b).count();
    assertThat(client.calls()).hasSize((int) Math.min(free, maxRoutes));
  }
}
