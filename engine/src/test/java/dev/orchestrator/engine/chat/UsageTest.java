package dev.orchestrator.engine.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Usage#isNone()} says what {@code equals(Usage.NONE)} says, component by component. */
class UsageTest {

  @Test
  void isNoneExactlyWhenEqualToNone() {
    List<Usage> usages =
        List.of(
            Usage.NONE,
            new Usage(0, 0, 0),
            new Usage(0, 0, 0, null, null, null),
            new Usage(1, 0, 0),
            new Usage(0, 1, 0),
            new Usage(0, 0, 1),
            new Usage(0, 0, 0, 0, null, null),
            new Usage(0, 0, 0, null, 0, null),
            new Usage(0, 0, 0, null, null, 0));
    for (Usage u : usages) {
      assertThat(u.isNone()).as("%s", u).isEqualTo(u.equals(Usage.NONE));
    }
    assertThat(usages.stream().filter(Usage::isNone)).hasSize(3);
  }
}
