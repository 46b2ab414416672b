package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The hand-written tag stripper does what the tag pattern it replaced did. */
class WithoutTagsTest {

  // the reference: a tag is '<', at most 4096 chars that are neither '<' nor '>', then '>'
  private static final Pattern TAG = Pattern.compile("<[^<>]{0,4096}>");

  @Property(tries = 2000)
  void stripsExactlyWhatTheTagPatternMatches(@ForAll("pages") String page) {
    assertThat(UpstreamError.withoutTags(page)).isEqualTo(TAG.matcher(page).replaceAll(" "));
  }

  @Test
  void keepsATagLongerThanTheLimitAndAnUnclosedOne() {
    String long4097 = "<" + "a".repeat(4097) + ">";
    assertThat(UpstreamError.withoutTags("x" + long4097 + "<b>y")).isEqualTo("x" + long4097 + " y");
    assertThat(UpstreamError.withoutTags("a < b <i>c</i>")).isEqualTo("a < b  c ");
  }

  @Provide
  Arbitrary<String> pages() {
    Arbitrary<String> pieces =
        Arbitraries.oneOf(
            Arbitraries.of("<", ">", "<p>", "</div>", "<a href=\"x\">", " ", "\n", "a < b", "x>y"),
            Arbitraries.strings().withChars("ab =\"").ofMaxLength(8),
            Arbitraries.strings().withChars("ab").ofMinLength(4090).ofMaxLength(4100));
    return pieces.list().ofMaxSize(12).map(l -> String.join("", l));
  }
}
