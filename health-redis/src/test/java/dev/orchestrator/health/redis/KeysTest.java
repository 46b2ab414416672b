package dev.orchestrator.health.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.time.YearMonth;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class KeysTest {
  @Test
  void everyKeyOfARouteSharesOneHashTagSoOneClusterSlot() {
    String[] k = new Keys("prod").route("openrouter/meta-llama/llama-3.3-70b:free");
    assertThat(k)
        .containsExactly(
            "{prod:openrouter/meta-llama/llama-3.3-70b:free}:b",
            "{prod:openrouter/meta-llama/llama-3.3-70b:free}:p",
            "{prod:openrouter/meta-llama/llama-3.3-70b:free}:c",
            "{prod:openrouter/meta-llama/llama-3.3-70b:free}:r",
            "{prod:openrouter/meta-llama/llama-3.3-70b:free}:m",
            "{prod:openrouter/meta-llama/llama-3.3-70b:free}:a");
    assertThat(new Keys("prod").index()).isEqualTo("{prod}:index");
    assertThat(new Keys("prod").budget()).isEqualTo("{prod}:budget");
    assertThat(new Keys("prod").channel()).isEqualTo("orchestrator:prod:health");
  }

  @Test
  void everySpendKeyNamesTheClientAndWindowUnderOneHashTag() {
    Keys k = new Keys("prod");
    assertThat(k.spendDay("team-a", LocalDate.parse("2026-12-01")))
        .isEqualTo("{prod:spend}:team-a:d:2026-12-01");
    assertThat(k.spendMonth("team-a", YearMonth.parse("2026-12")))
        .isEqualTo("{prod:spend}:team-a:m:2026-12");
    assertThat(k.spendChannel()).isEqualTo("orchestrator:prod:spend");
  }

  @ParameterizedTest
  @ValueSource(strings = {"orchestrator", "prod-eu_1", "a", "team.alpha"})
  void namespacesOfLettersDigitsDotsDashesAndUnderscoresAreAccepted(String ns) {
    assertThat(new Keys(ns).namespace()).isEqualTo(ns);
  }

  @ParameterizedTest(name = "\"{0}\" is rejected")
  @CsvSource(
      textBlock =
          """
          'two words'
          'a{b}'
          'x:y'
          ''
          """)
  void otherNamespacesAreRejectedNamingTheValue(String ns) {
    assertThatThrownBy(() -> new Keys(ns))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "namespace: \"" + ns + "\" (expected: 1 to 64 letters, digits, '.', '_' or '-')");
  }

  @Test
  void aSnapshotThatIsNotOneIsRejected() {
    assertThatThrownBy(() -> RouteSnapshot.parse("hello"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("snapshot: 1 fields (expected: 12)");
  }
}
