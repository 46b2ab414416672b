package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.chat.StreamListener;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * However a route's stream cuts its text into deltas, the caller hears what follows a repeated
 * prefill and nothing of the prefill, or the whole text when it does not start with the prefill —
 * the same text a whole answer gives ({@link PrefixEchoListener#withoutEcho}), in order, and
 * nothing twice (docs/design.md §13).
 */
class PrefixEchoListenerPropertyTest {

  @Property(tries = 500)
  void theCallerHearsTheContinuationOnlyHoweverTheStreamIsCut(
      @ForAll @From("texts") String prefix,
      @ForAll @From("texts") String continuation,
      @ForAll boolean echoed,
      @ForAll @Size(max = 6) List<@IntRange(max = 60) Integer> cuts) {
    String text = (echoed ? prefix : "") + continuation;

    String heard = streamed(prefix, text, cuts);

    assertThat(heard).isEqualTo(PrefixEchoListener.withoutEcho(text, prefix));
    if (echoed && !prefix.isEmpty()) {
      assertThat(heard).isEqualTo(continuation);
    }
  }

  @Property(tries = 300)
  void aTextThatDepartsFromThePrefixIsHeardWhole(
      @ForAll @From("texts") String prefix,
      @ForAll @From("texts") String text,
      @ForAll @Size(max = 6) List<@IntRange(max = 60) Integer> cuts) {
    String heard = streamed(prefix, text, cuts);

    if (!text.startsWith(prefix)) {
      assertThat(heard).isEqualTo(text);
    }
  }

  @Provide
  Arbitrary<String> texts() {
    // a small alphabet, so that texts share beginnings with the prefix often
    return Arbitraries.strings().withChars("ab .").ofMinLength(1).ofMaxLength(24);
  }

  /** What a listener hears of {@code text} streamed in pieces cut at {@code cuts}. */
  private static String streamed(String prefix, String text, List<Integer> cuts) {
    StringBuilder heard = new StringBuilder();
    StreamListener caller = heard::append;
    PrefixEchoListener l = new PrefixEchoListener(caller, prefix);
    int from = 0;
    for (int cut : new TreeSet<>(cuts)) {
      if (cut > from && cut < text.length()) {
        l.onContent(text.substring(from, cut));
        from = cut;
      }
    }
    for (String piece : rest(text, from)) {
      l.onContent(piece);
    }
    l.finish();
    return heard.toString();
  }

  private static List<String> rest(String text, int from) {
    List<String> out = new ArrayList<>();
    if (from < text.length()) {
      out.add(text.substring(from));
    }
    return out;
  }
}
