package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.benchmarks.load.LoopbackUpstream.Action;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultMixTest {

  @Test
  void injectsTheConfiguredShareOfFaultsAcrossEveryKind() {
    FaultMix mix = new FaultMix(0.30, 7);
    Map<Action, Integer> seen = new EnumMap<>(Action.class);
    for (int i = 0; i < 20_000; i++) {
      seen.merge(mix.next("free-a/m", i % 2 == 0), 1, Integer::sum);
    }
    int faults = 20_000 - seen.getOrDefault(Action.OK, 0);
    assertThat(faults / 20_000.0).isBetween(0.28, 0.32);
    assertThat(seen.keySet()).containsAll(FaultMix.FAULTS);
  }

  @Test
  void theSameSeedPlaysTheSameSequence() {
    assertThat(sequence(new FaultMix(0.5, 42))).isEqualTo(sequence(new FaultMix(0.5, 42)));
  }

  @Test
  void disabledMeansHealthy() {
    FaultMix mix = new FaultMix(1.0, 1);
    mix.enabled(false);
    assertThat(sequence(mix)).containsOnly(Action.OK);
  }

  @Test
  void rejectsARateOutsideZeroToOne() {
    assertThatThrownBy(() -> new FaultMix(1.5, 1)).hasMessage("fault rate: 1.5 (expected: 0..1)");
  }

  @Test
  void preOutputFaultsLeaveOutTheCutAfterVisibleOutput() {
    List<Action> faults = FaultSoak.Options.faults("--faults", "pre-output");
    assertThat(faults).doesNotContain(Action.CUT).hasSize(FaultMix.FAULTS.size() - 1);
    FaultMix mix = new FaultMix(1.0, 3, faults);
    assertThat(sequence(mix)).doesNotContain(Action.CUT, Action.OK);
    assertThat(FaultSoak.Options.faults("--faults", "reset,stall"))
        .containsExactly(Action.RESET, Action.STALL);
    assertThatThrownBy(() -> FaultSoak.Options.faults("--faults", "ok"))
        .hasMessage("--faults: unknown fault ok");
  }

  @Test
  void freeRoutesChooseHowManyFreeProvidersTheSoakHas() {
    FaultSoak.Options o = FaultSoak.Options.parse("--free-routes", "4", "--down-routes", "1");
    assertThat(o.free()).containsExactly("free-a", "free-b", "free-c", "free-d");
    assertThatThrownBy(() -> FaultSoak.Options.parse("--free-routes", "2", "--down-routes", "3"))
        .hasMessage("--down-routes 3 exceeds --free-routes 2");
  }

  private static List<Action> sequence(FaultMix mix) {
    List<Action> out = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      out.add(mix.next("r/m", false));
    }
    return out;
  }

  @Test
  void aHardDownProviderFailsEveryCallWhileFaultsAreOnAndItsCallsAreRecorded() {
    FaultMix mix = new FaultMix(0.0, 7);
    mix.hardDown(java.util.Set.of("free-a"), Action.UNAVAILABLE);
    mix.enabled(false);
    assertThat(mix.next("free-a/m", false)).isEqualTo(Action.OK);
    mix.enabled(true);
    for (int i = 0; i < 5; i++) {
      assertThat(mix.next("free-a/m", i % 2 == 0)).isEqualTo(Action.UNAVAILABLE);
      assertThat(mix.next("free-b/m", false)).isEqualTo(Action.OK);
    }
    assertThat(mix.downCalls()).containsOnlyKeys("free-a/m");
    assertThat(mix.downCalls().get("free-a/m")).hasSize(5);
  }
}
