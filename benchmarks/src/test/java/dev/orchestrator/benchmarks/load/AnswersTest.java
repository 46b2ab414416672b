package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The soak's answer count and floor, on recorded outcomes. */
class AnswersTest {

  private static final Answers RUN =
      new Answers(
          1000,
          Map.of("ok", 480L, "rate_limited", 15L, "deadline", 5L),
          Map.of("ok", 470L, "stream_error_event", 20L, Answers.NO_ANSWER, 10L));

  @Test
  void answeredIsOkPlainAndStreamedOverEveryRequestSent() {
    assertThat(RUN.answered()).isEqualTo(950);
    assertThat(RUN.share()).isEqualTo(0.95);
  }

  @Test
  void theFloorIsInclusive() {
    assertThat(RUN.meets(0.95)).isTrue();
    assertThat(RUN.meets(0.951)).isFalse();
    assertThat(new Answers(0, Map.of(), Map.of()).meets(1.0)).isTrue();
  }

  @Test
  void theTableListsOkFirstThenOutcomesByCountWithPlainAndStreamedApart() {
    Map<String, long[]> rows = RUN.byOutcome();
    assertThat(rows.keySet())
        .containsExactly("ok", "stream_error_event", "rate_limited", Answers.NO_ANSWER, "deadline");
    assertThat(rows.get("ok")).containsExactly(480, 470, 950);
    assertThat(rows.get(Answers.NO_ANSWER)).containsExactly(0, 10, 10);
    assertThat(RUN.table())
        .contains("answered: 950/1000 = 95.00 %")
        .contains("rate_limited")
        .contains("1.50%");
  }

  @Test
  void theReportCarriesTheShareAndEveryOutcome() {
    Map<String, Object> d = RUN.describe();
    assertThat(d).containsEntry("answered", 950L).containsEntry("answeredShare", 0.95);
    @SuppressWarnings("unchecked")
    Map<String, Object> by = (Map<String, Object>) d.get("byOutcome");
    assertThat(by).hasSize(5);
    assertThat(by.get("stream_error_event"))
        .isEqualTo(Map.of("plain", 0L, "streamed", 20L, "total", 20L));
  }

  @Test
  void aPhaseCountsUnfinishedRequestsAsNoAnswer() {
    FaultSoak.Phase p = new FaultSoak.Phase();
    p.count(false, "ok");
    p.count(true, "ok");
    p.count(true, "backend_unavailable");
    Answers a = p.answers(5);
    assertThat(a.answered()).isEqualTo(2);
    assertThat(a.plain()).containsEntry(Answers.NO_ANSWER, 2L);
    assertThat(a.streamed()).containsEntry("backend_unavailable", 1L);
    assertThat(List.copyOf(a.byOutcome().keySet())).startsWith("ok");
  }
}
