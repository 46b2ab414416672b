package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.internal.Regexes;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The word lists of {@link FailureRules} are matched by substring, so an entry that contains
 * another entry of the same list can never decide anything: it is dead vocabulary that only costs a
 * scan. None is allowed.
 */
class WordListsTest {
  @Test
  void noEntryOfAWordListContainsAnotherEntryOfIt() throws IllegalAccessException {
    Map<String, List<String>> lists = new TreeMap<>();
    for (Field f : PhraseIndex.staticFields(PhraseIndex.VOCABULARY)) {
      if (isStringList(f)) {
        f.setAccessible(true);
        @SuppressWarnings("unchecked")
        List<String> words = (List<String>) f.get(null);
        lists.put(f.getName(), words);
      }
    }
    List<String> dead = new ArrayList<>();
    lists.forEach(
        (name, words) -> {
          for (String w : words) {
            String shorter = shorterEntry(w, words);
            // a list built on another (REQUEST_WORDING on SETTLED_REQUEST_WORDING) shares its
            // entries: one is dead only where no list needs it
            if (shorter != null && lists.values().stream().noneMatch(l -> needs(l, w))) {
              dead.add(name + ": \"" + w + "\" contains \"" + shorter + "\"");
            }
          }
        });
    assertThat(lists).as("word lists found").hasSizeGreaterThan(30);
    assertThat(dead).isEmpty();
  }

  /**
   * A {@code \b} reads differently across JDKs beside a letter outside ASCII (JDK-8264160), so
   * every clause is compiled by {@link Regexes#compile}, which gives it the JDK 19 meaning on every
   * JDK: no clause may hold a pattern that compiling it again would change (on JDK 17, a {@code \b}
   * that did not go through it), nor a {@code \b} beside a letter outside ASCII (which throws).
   */
  @Test
  void everyClauseReadsWordEdgesAlikeOnEveryJdk() throws IllegalAccessException {
    List<String> raw = new ArrayList<>();
    int clauses = 0;
    for (Map.Entry<String, FailureRules.Words> w : words().entrySet()) {
      for (FailureRules.Clause c : w.getValue().clauses()) {
        clauses++;
        String source = c.pattern().pattern();
        if (!Regexes.compile(source).pattern().equals(source)) {
          raw.add(w.getKey() + ": " + source);
        }
      }
    }
    assertThat(clauses).as("clauses found").isGreaterThan(500);
    assertThat(raw).isEmpty();
  }

  /**
   * The same for the plain phrases of a {@link FailureRules.Words} ({@code Clause.literals}): a
   * phrase that another phrase of the same words contains, or that is there twice, never decides.
   */
  @Test
  void noPhraseOfAWordsContainsAnotherPhraseOfIt() throws IllegalAccessException {
    List<String> dead = new ArrayList<>();
    Map<String, FailureRules.Words> words = words();
    for (Map.Entry<String, FailureRules.Words> entry : words.entrySet()) {
      List<String> phrases = new ArrayList<>();
      for (FailureRules.Clause c : entry.getValue().clauses()) {
        if (c.pattern()
            .pattern()
            .equals(
                FailureRules.Clause.literals(c.anchors().toArray(String[]::new))
                    .pattern()
                    .pattern())) {
          phrases.addAll(c.anchors());
        }
      }
      for (int i = 0; i < phrases.size(); i++) {
        String w = phrases.get(i);
        for (int j = 0; j < phrases.size(); j++) {
          if (i != j && w.contains(phrases.get(j))) {
            dead.add(entry.getKey() + ": \"" + w + "\" contains \"" + phrases.get(j) + "\"");
          }
        }
      }
    }
    assertThat(words).as("words found").hasSizeGreaterThan(20);
    assertThat(dead).isEmpty();
  }

  /**
   * A clause's anchors only decide whether its pattern is read: an anchor that contains another
   * anchor of the same clause is never the one that lets it run, and only costs an {@code indexOf}.
   */
  @Test
  void noAnchorOfAClauseContainsAnotherAnchorOfIt() throws IllegalAccessException {
    List<String> dead = new ArrayList<>();
    for (Map.Entry<String, FailureRules.Words> w : words().entrySet()) {
      List<FailureRules.Clause> clauses = w.getValue().clauses();
      for (int c = 0; c < clauses.size(); c++) {
        List<String> anchors = clauses.get(c).anchors();
        for (String a : anchors) {
          String shorter = shorterEntry(a, anchors);
          if (shorter != null) {
            dead.add(w.getKey() + "#" + c + ": \"" + a + "\" contains \"" + shorter + "\"");
          }
        }
      }
    }
    assertThat(dead).isEmpty();
  }

  // Another entry of the list that the word contains, or null.
  /** Every {@link FailureRules.Words} of the rules, by field name. */
  private static Map<String, FailureRules.Words> words() throws IllegalAccessException {
    Map<String, FailureRules.Words> words = new TreeMap<>();
    for (Field f : PhraseIndex.staticFields(PhraseIndex.VOCABULARY)) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == FailureRules.Words.class) {
        f.setAccessible(true);
        words.put(f.getName(), (FailureRules.Words) f.get(null));
      }
    }
    return words;
  }

  private static String shorterEntry(String w, List<String> words) {
    return words.stream().filter(o -> !o.equals(w) && w.contains(o)).findFirst().orElse(null);
  }

  private static boolean needs(List<String> list, String w) {
    return list.contains(w) && shorterEntry(w, list) == null;
  }

  private static boolean isStringList(Field f) {
    return Modifier.isStatic(f.getModifiers())
        && f.getType() == List.class
        && f.getGenericType() instanceof ParameterizedType p
        && p.getActualTypeArguments()[0] == String.class;
  }
}
