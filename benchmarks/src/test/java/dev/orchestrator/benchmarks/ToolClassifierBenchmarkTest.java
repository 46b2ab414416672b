package dev.orchestrator.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.tool.ToolFailureKind;
import org.junit.jupiter.api.Test;

/**
 * Each of {@link ToolClassifierBenchmark}'s messages takes the path its benchmark claims to
 * measure: a phrase added later that read the unread line would turn the worst case into another
 * row's, silently.
 */
class ToolClassifierBenchmarkTest {

  private final ToolClassifierBenchmark bench = new ToolClassifierBenchmark();

  @Test
  void eachMessageIsReadAsItsBenchmarkSays() {
    assertThat(bench.mcpConnectionClosed().observedKind())
        .isEqualTo(ToolFailureKind.TRANSPORT_ERROR);
    assertThat(bench.unreadLine().observedKind()).isEqualTo(ToolFailureKind.UNKNOWN);
    assertThat(bench.shellOutput2k().observedKind()).isEqualTo(ToolFailureKind.EXECUTION_FAILED);
    assertThat(ToolClassifierBenchmark.SHELL_2K).hasSize(2048);
  }
}
