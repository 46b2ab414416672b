package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LatenciesTest {

  @ParameterizedTest
  @CsvSource(
      textBlock =
          """
          0.50, 50
          0.99, 99
          0.999, 100
          1.0, 100
          0.001, 1
          """)
  void quantilesAreNearestRankOfAllMergedSamples(double q, long expected) {
    Latencies odd = new Latencies();
    Latencies even = new Latencies();
    for (long v = 100; v >= 1; v--) {
      (v % 2 == 0 ? even : odd).add(v);
    }
    Latencies all = Latencies.merge(List.of(odd, even));
    assertThat(all.size()).isEqualTo(100);
    assertThat(all.quantile(q)).isEqualTo(expected);
    assertThat(all.max()).isEqualTo(100);
    assertThat(all.mean()).isEqualTo(50.5);
  }

  @ParameterizedTest
  @CsvSource({"0.5", "0.99"})
  void anEmptyRunReportsZero(double q) {
    Latencies none = Latencies.merge(List.of(new Latencies()));
    assertThat(none.quantile(q)).isZero();
    assertThat(none.max()).isZero();
  }
}
