package dev.orchestrator.providers.classify;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.ahocorasick.trie.Trie;

/**
 * Which of the rules' literal phrases occur in a text, found in one pass over it (an Aho–Corasick
 * automaton of the phrases' first characters, ADR 0039) instead of one {@code contains} per phrase.
 * The rules read a failure's wording with hundreds of phrase lists and clause anchors, most of
 * which it does not hold; asked phrase by phrase, a short body cost over a thousand scans. Here the
 * text is read once ({@link #present}), and whether it holds one of a list's phrases, or one of a
 * clause's anchors, is the meeting of two sets of ids ({@link Phrases#meets}).
 *
 * <p>The index knows every phrase list ({@code List<String>}) and every clause of every {@link
 * FailureRules.Words} that {@link FailureRules}, {@link FailureWords} or {@link CauseWords} keeps
 * in a static field; it answers {@code null} for any other list or words, which is then read phrase
 * by phrase as before. So the index changes how fast a rule reads, never what it reads. Immutable
 * and thread-safe.
 */
final class PhraseIndex {
  /** The classes whose static fields hold the rules' phrase lists and words. */
  static final List<Class<?>> VOCABULARY =
      List.of(FailureRules.class, FailureWords.class, CauseWords.class);

  /** The index of the rules' phrase lists and clause anchors. */
  static final PhraseIndex RULES = indexOf(VOCABULARY);

  /**
   * Some of the indexed phrases, by id: as a bit set and as an array, so that two sets meet in as
   * many steps as the smaller one has members.
   */
  record Phrases(BitSet bits, int[] ids) {
    static Phrases of(BitSet bits) {
      return new Phrases(bits, bits.stream().toArray());
    }

    /** Whether the two hold a phrase in common. */
    boolean meets(Phrases other) {
      Phrases fewer = ids.length <= other.ids.length ? this : other;
      BitSet in = fewer == this ? other.bits : bits;
      for (int id : fewer.ids) {
        if (in.get(id)) {
          return true;
        }
      }
      return false;
    }
  }

  /**
   * The automaton holds the phrases' first characters only, and each place one of them occurs is
   * checked against the whole phrases that start so. An automaton of the whole phrases has four
   * times the states and made the first classification in a fresh JVM about 0.17 s slower; this
   * one, about 0.09 s.
   */
  private static final int PREFIX_CHARS = 6;

  private final Trie prefixes;
  private final Map<String, int[]> idsByPrefix;
  private final String[] phraseOfId;
  // by identity; for words, per clause (null: a clause without anchors)
  private final Map<List<String>, Phrases> lists;
  private final Map<FailureRules.Words, Phrases[]> words;

  private PhraseIndex(
      String[] phraseOfId,
      Map<List<String>, Phrases> lists,
      Map<FailureRules.Words, Phrases[]> words) {
    this.phraseOfId = phraseOfId;
    Map<String, List<Integer>> byPrefix = new HashMap<>();
    for (int id = 0; id < phraseOfId.length; id++) {
      byPrefix.computeIfAbsent(prefix(phraseOfId[id]), k -> new ArrayList<>()).add(id);
    }
    Map<String, int[]> ids = new HashMap<>();
    byPrefix.forEach((k, v) -> ids.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
    this.idsByPrefix = Map.copyOf(ids);
    this.prefixes = Trie.builder().addKeywords(byPrefix.keySet()).build();
    this.lists = lists;
    this.words = words;
  }

  private static String prefix(String phrase) {
    return phrase.length() <= PREFIX_CHARS ? phrase : phrase.substring(0, PREFIX_CHARS);
  }

  /** The static fields of {@code owners}, in the order the classes and their fields are given. */
  static List<Field> staticFields(List<Class<?>> owners) {
    List<Field> fields = new ArrayList<>();
    for (Class<?> owner : owners) {
      for (Field field : owner.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers())) {
          fields.add(field);
        }
      }
    }
    return fields;
  }

  /**
   * The index of the phrase lists and clauses held in {@code owners}' static fields: every {@code
   * List} of strings (the phrases) and every {@link FailureRules.Words} (each clause's anchors; a
   * clause without anchors is always read).
   */
  static PhraseIndex indexOf(List<Class<?>> owners) {
    List<List<String>> lists = new ArrayList<>();
    List<FailureRules.Words> words = new ArrayList<>();
    for (Field field : staticFields(owners)) {
      Object value;
      try {
        field.setAccessible(true);
        value = field.get(null);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("cannot read " + field, e);
      }
      if (value instanceof List<?> list && phrases(list)) {
        @SuppressWarnings("unchecked") // every element was checked to be a String
        List<String> strings = (List<String>) list;
        lists.add(strings);
      } else if (value instanceof FailureRules.Words w) {
        words.add(w);
      }
    }
    Map<String, Integer> idOfPhrase = new HashMap<>();
    Function<List<String>, Phrases> index =
        members -> {
          BitSet bits = new BitSet();
          for (String m : members) {
            bits.set(idOfPhrase.computeIfAbsent(m, k -> idOfPhrase.size()));
          }
          return Phrases.of(bits);
        };
    IdentityHashMap<List<String>, Phrases> byList = new IdentityHashMap<>();
    lists.forEach(list -> byList.put(list, index.apply(list)));
    IdentityHashMap<FailureRules.Words, Phrases[]> byWords = new IdentityHashMap<>();
    for (FailureRules.Words w : words) {
      byWords.put(
          w,
          w.clauses().stream()
              .map(c -> c.anchors().isEmpty() ? null : index.apply(c.anchors()))
              .toArray(Phrases[]::new));
    }
    String[] phraseOfId = new String[idOfPhrase.size()];
    idOfPhrase.forEach((phrase, id) -> phraseOfId[id] = phrase);
    return new PhraseIndex(phraseOfId, byList, byWords);
  }

  // A list of phrases: not empty, and every element a string that is not empty.
  private static boolean phrases(List<?> list) {
    if (list.isEmpty()) {
      return false;
    }
    for (Object o : list) {
      if (!(o instanceof String s) || s.isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /** The indexed phrases that occur in {@code text}, overlapping ones included. */
  Phrases present(String text) {
    BitSet found = new BitSet();
    prefixes.parseText(
        text,
        emit -> {
          for (int id : idsByPrefix.get(emit.getKeyword())) {
            if (text.startsWith(phraseOfId[id], emit.getStart())) {
              found.set(id);
            }
          }
          return true;
        });
    return Phrases.of(found);
  }

  /** Every indexed phrase: the phrase lists' members and the clauses' anchors. */
  List<String> phrases() {
    return List.of(phraseOfId);
  }

  /** The phrases of {@code list}, or {@code null} when the index does not know it (by identity). */
  Phrases of(List<String> list) {
    return lists.get(list);
  }

  /**
   * The anchors of each clause of {@code words} (null for a clause without any), or {@code null}
   * when the index does not know it (by identity).
   */
  Phrases[] anchorsOf(FailureRules.Words words) {
    return this.words.get(words);
  }
}
