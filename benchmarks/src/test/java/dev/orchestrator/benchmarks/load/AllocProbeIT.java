package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A very short probe: every cell is measured, and what the calling thread allocated is a part. */
class AllocProbeIT {

  @Test
  void measuresTheBytesOfEveryTargetAndModePerCall() throws Exception {
    AllocProbe.Options o =
        AllocProbe.Options.parse(new String[] {"--calls", "20", "--warmup-calls", "5"});
    List<AllocProbe.Cell> printed = new ArrayList<>();
    List<AllocProbe.Cell> cells = AllocProbe.run(o, printed::add);

    assertThat(cells)
        .extracting(AllocProbe.Cell::target, AllocProbe.Cell::mode)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("raw", "nonstream"),
            org.assertj.core.groups.Tuple.tuple("raw", "stream"),
            org.assertj.core.groups.Tuple.tuple("in-process", "nonstream"),
            org.assertj.core.groups.Tuple.tuple("in-process", "stream"));
    assertThat(printed).isEqualTo(cells);
    for (AllocProbe.Cell c : cells) {
      assertThat(c.total()).hasSize(3);
      for (int r = 0; r < 3; r++) {
        assertThat(c.caller()[r]).isPositive().isLessThanOrEqualTo(c.total()[r]);
      }
      assertThat(c.row()).startsWith(String.format("%-11s %-9s", c.target(), c.mode()));
    }
  }
}
