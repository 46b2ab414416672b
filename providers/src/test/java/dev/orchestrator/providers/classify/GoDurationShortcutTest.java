package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link RetryAfter#goDuration}'s long-arithmetic shortcut answers exactly what its pattern and
 * decimals answer ({@link RetryAfter#goDurationByPattern}), for every value, well-formed or not.
 */
class GoDurationShortcutTest {

  @Property(tries = 5000)
  void readsAGoDurationAsItsPatternDoes(@ForAll("durations") String value) {
    String v = value.trim();

    assertThat(RetryAfter.goDuration(value))
        .isEqualTo(value.isBlank() ? null : RetryAfter.goDurationByPattern(v));
  }

  // Parts of Go durations and near misses: digit runs of 0 to 14 digits, fractions of up to 11,
  // every unit and some that are not, blanks and junk between them.
  @Provide
  Arbitrary<String> durations() {
    Arbitrary<String> digits = Arbitraries.strings().numeric().ofMaxLength(14);
    Arbitrary<String> piece =
        Arbitraries.oneOf(
            digits,
            Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(11).map(d -> "." + d),
            Arbitraries.of(
                "ns", "us", "\u00b5s", "ms", "h", "m", "s", "x", "S", ".", " ", "-", "mss"),
            Arbitraries.of(
                "6.5s", "1m30.5s", "20ms", "0s", "1.5ns", "0.0000001ms", "999999999999h"));
    return piece.list().ofMaxSize(6).map(l -> String.join("", l));
  }
}
