package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The phrase index answers as reading phrase by phrase does: for every phrase list and every
 * clause's anchors kept in {@link FailureRules}' static fields (enumerated here on their own), on
 * texts made of whole phrases, cut phrases and noise, whether the text holds one of them is what
 * {@code String.contains} says. A list the index does not know is read phrase by phrase.
 */
class PhraseIndexTest {
  private static final List<List<String>> LISTS = new ArrayList<>();
  private static final List<FailureRules.Words> WORDS = new ArrayList<>();
  private static final List<String> PHRASES;

  static {
    Set<String> phrases = new LinkedHashSet<>();
    for (Field field : PhraseIndex.staticFields(PhraseIndex.VOCABULARY)) {
      if (!Modifier.isStatic(field.getModifiers())) {
        continue;
      }
      field.setAccessible(true);
      Object value;
      try {
        value = field.get(null);
      } catch (IllegalAccessException e) {
        throw new AssertionError(e);
      }
      if (value instanceof List<?> list
          && !list.isEmpty()
          && list.stream().allMatch(o -> o instanceof String s && !s.isEmpty())) {
        @SuppressWarnings("unchecked") // every element was checked to be a String
        List<String> strings =
            (List<String>) list; // the list itself: the index knows it by identity
        LISTS.add(strings);
        phrases.addAll(strings);
      } else if (value instanceof FailureRules.Words w) {
        WORDS.add(w);
        w.clauses().forEach(c -> phrases.addAll(c.anchors()));
      }
    }
    PHRASES = List.copyOf(phrases);
  }

  @Test
  void everyPhraseListAndEveryWordsOfTheRulesIsIndexed() {
    assertThat(LISTS).hasSizeGreaterThan(50);
    assertThat(WORDS).hasSizeGreaterThan(30);
    for (List<String> list : LISTS) {
      assertThat(PhraseIndex.RULES.of(list)).as(list.toString()).isNotNull();
    }
    for (FailureRules.Words w : WORDS) {
      assertThat(PhraseIndex.RULES.anchorsOf(w)).hasSize(w.clauses().size());
    }
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> whole = Arbitraries.of(PHRASES);
    Arbitrary<String> cut =
        whole.flatMap(
            p ->
                Arbitraries.integers()
                    .between(0, p.length())
                    .flatMap(
                        from ->
                            Arbitraries.integers()
                                .between(from, p.length())
                                .map(to -> p.substring(from, to))));
    Arbitrary<String> noise =
        Arbitraries.strings()
            .withChars("abcdeiklmnorstu _:.-'\"{}0123456789错误超出额度")
            .ofMaxLength(12);
    return Arbitraries.oneOf(whole, cut, noise)
        .list()
        .ofMaxSize(8)
        .map(parts -> String.join("", parts).toLowerCase(Locale.ROOT));
  }

  @Property(tries = 300)
  void theIndexAnswersAsReadingPhraseByPhraseDoes(@ForAll("texts") String text) {
    PhraseIndex.Phrases present = PhraseIndex.RULES.present(text);
    for (List<String> list : LISTS) {
      assertThat(PhraseIndex.RULES.of(list).meets(present))
          .as("%s in [%s]", list, text)
          .isEqualTo(list.stream().anyMatch(text::contains));
    }
    for (FailureRules.Words w : WORDS) {
      PhraseIndex.Phrases[] anchors = PhraseIndex.RULES.anchorsOf(w);
      for (int i = 0; i < anchors.length; i++) {
        List<String> clauseAnchors = w.clauses().get(i).anchors();
        if (clauseAnchors.isEmpty()) {
          assertThat(anchors[i]).isNull();
        } else {
          assertThat(anchors[i].meets(present))
              .as("%s in [%s]", clauseAnchors, text)
              .isEqualTo(clauseAnchors.stream().anyMatch(text::contains));
        }
      }
    }
  }

  @Test
  void aListTheIndexDoesNotKnowIsReadPhraseByPhrase() {
    String body = "{\"error\":{\"message\":\"Monthly quota exhausted\"}}";
    Facts facts =
        new Facts(
            FailureEvidence.http(400, Map.of(), body), UpstreamError.read(body, null, null, true));
    List<String> unknown = List.of("nothing like it", "quota exhausted");

    assertThat(PhraseIndex.RULES.of(unknown)).isNull();
    assertThat(facts.says(unknown)).isTrue();
    assertThat(facts.says(List.of("nothing like it"))).isFalse();
  }
}
