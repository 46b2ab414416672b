package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.health.HealthSettings;
import org.junit.jupiter.api.Test;

/**
 * The view's pruning against entries handed out for a change: the store's thread prunes while a
 * request thread is between taking an entry and changing it, and the change must not land on an
 * entry the view has already forgotten (it lost a failure count, so a breaker opened late).
 */
class LocalViewTest {
  private final ManualTime time = new ManualTime();
  private final LocalView view = new LocalView(HealthSettings.defaults(), time, time);

  @Test
  void anEntryTakenForAChangeSurvivesAPruneBeforeTheChange() {
    RouteEntry taken = view.entry("provider/model");
    view.prune(); // on the store's thread, before the request thread changes the entry
    assertThat(view.get("provider/model")).isSameAs(taken);
  }

  @Test
  void anIdleEntryIsForgottenByTheNextPrune() {
    view.entry("provider/model");
    view.prune();
    view.prune();
    assertThat(view.get("provider/model")).isNull();
  }

  @Test
  void anEntryWithSomethingToRememberIsKept() {
    view.entry("provider/model").coolDown(time.read() + 60_000_000_000L, time.read(), true);
    view.prune();
    view.prune();
    assertThat(view.get("provider/model")).isNotNull();
  }
}
