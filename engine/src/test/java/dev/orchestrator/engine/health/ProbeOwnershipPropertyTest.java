package dev.orchestrator.engine.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.testing.FakeTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Probe ownership over random interleavings of concurrent requests (issue #20): requests admit,
 * hold their admission for a while, and report any outcome — or never report (a crashed holder);
 * time moves. At every step at most one live probe exists per route; every admission the holders
 * still own is eventually released; and once the holders are gone and the open time has passed, a
 * success closes the route again.
 */
class ProbeOwnershipPropertyTest {
  private static final List<String> ROUTES = List.of("a/m", "b/m");
  private static final HealthSettings SETTINGS =
      HealthSettings.builder()
          .breakerThreshold(2)
          .openTime(Duration.ofMillis(100), Duration.ofMillis(800))
          .probeLease(Duration.ofMillis(500))
          .streamCutThreshold(2)
          .build();

  /** One step of the interleaving. */
  sealed interface Op permits Admit, Report, Advance {}

  /** A new request asks to dispatch to a route. */
  record Admit(int route) implements Op {}

  /**
   * The held admission at {@code slot} (modulo how many are held) reports {@code outcome}; a {@code
   * null} outcome means its holder crashed and never reports.
   */
  record Report(int slot, AttemptHealth outcome) implements Op {}

  /** Time passes. */
  record Advance(int millis) implements Op {}

  @Provide
  Arbitrary<Op> op() {
    Arbitrary<Op> admit = Arbitraries.integers().between(0, ROUTES.size() - 1).map(Admit::new);
    Arbitrary<Op> report =
        Combinators.combine(
                Arbitraries.integers().between(0, 7),
                Arbitraries.of(AttemptHealth.values()).injectNull(0.1))
            .as(Report::new);
    Arbitrary<Op> advance = Arbitraries.integers().between(1, 400).map(Advance::new);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, admit),
        net.jqwik.api.Tuple.of(4, report),
        net.jqwik.api.Tuple.of(2, advance));
  }

  @Property(tries = 400)
  void atMostOneLiveProbePerRouteAndNoRouteStaysBlocked(
      @ForAll @Size(min = 1, max = 120) List<@net.jqwik.api.From("op") Op> ops) {
    FakeTime time = new FakeTime();
    RouteHealthRegistry store =
        RouteHealthRegistry.create(time, SETTINGS, RetryBudget.defaults(time));
    List<Held> held = new ArrayList<>();
    for (Op op : ops) {
      if (op instanceof Admit a) {
        Admission adm = store.admit(ROUTES.get(a.route()));
        if (adm.dispatch()) {
          held.add(new Held(adm, time.read()));
        } else {
          assertThat(adm.retryIn()).isPositive();
        }
      } else if (op instanceof Report r) {
        if (!held.isEmpty()) {
          Held h = held.remove(r.slot() % held.size());
          if (r.outcome() != null) {
            store.report(h.admission(), r.outcome());
          }
        }
      } else if (op instanceof Advance t) {
        time.advance(Duration.ofMillis(t.millis()));
      }
      for (String route : ROUTES) {
        long liveProbes =
            held.stream()
                .filter(h -> h.admission().route().equals(route))
                .filter(h -> h.admission().kind() == Admission.Kind.PROBE)
                .filter(h -> time.read() - h.since() < SETTINGS.probeLease().toNanos())
                .count();
        assertThat(liveProbes).as("live probes of %s", route).isLessThanOrEqualTo(1);
      }
    }
    // Every holder still around reports; then, past the longest open time and lease, a request
    // is admitted (possibly as the probe) and its success closes the breaker.
    for (Held h : held) {
      store.report(h.admission(), AttemptHealth.NEUTRAL);
    }
    time.advance(SETTINGS.openMax().plus(SETTINGS.probeLease()));
    for (String route : ROUTES) {
      Admission adm = store.admit(route);
      assertThat(adm.dispatch()).as("%s admitted after its open time", route).isTrue();
      store.report(adm, AttemptHealth.SUCCESS);
      assertThat(store.breaker(route)).isEqualTo(BreakerState.CLOSED);
      assertThat(store.marks()).doesNotContainKey(route);
    }
  }

  private record Held(Admission admission, long since) {}
}
