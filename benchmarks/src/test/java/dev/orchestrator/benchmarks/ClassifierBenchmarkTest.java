package dev.orchestrator.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.failure.FailureCategory;
import org.junit.jupiter.api.Test;

/**
 * Each of {@link ClassifierBenchmark}'s bodies takes the path its benchmark claims to measure: a
 * clause added later that read the unread message would turn the fall-through benchmark into
 * another row's, silently.
 */
class ClassifierBenchmarkTest {

  private final ClassifierBenchmark bench = new ClassifierBenchmark();

  @Test
  void bodiesWithAStatusAreReadByTheirStatusRows() {
    assertThat(bench.openAi2kRateLimit().category()).isEqualTo(FailureCategory.RATE_LIMITED);
    assertThat(bench.cloudflare502Html().category()).isEqualTo(FailureCategory.SERVER_ERROR);
    assertThat(bench.cloudflare524Html().category()).isEqualTo(FailureCategory.TIMEOUT);
    assertThat(bench.anthropic529().category()).isEqualTo(FailureCategory.OVERLOADED);
  }

  @Test
  void theSdkMessageIsReadAndTheUnreadMessageFallsThroughToUnknown() {
    assertThat(bench.statuslessSdkMessage().category())
        .isEqualTo(FailureCategory.CONNECTION_FAILED);
    assertThat(bench.statuslessUnread().category()).isEqualTo(FailureCategory.UNKNOWN);
    assertThat(bench.statuslessUnread().status()).isNull();
  }
}
