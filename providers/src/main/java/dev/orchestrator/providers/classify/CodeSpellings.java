package dev.orchestrator.providers.classify;

import java.lang.reflect.Field;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The codes and parameters the rules name in snake_case ({@code context_length_exceeded}, {@code
 * max_tokens}), read however a client cased them. A JavaScript, Java, Go or .NET client prints the
 * same code as {@code contextLengthExceeded} or {@code ContextLengthExceeded} and the same
 * parameter as {@code maxTokens}; lower-cased, these are {@code contextlengthexceeded} and {@code
 * maxtokens}, which no rule spells. {@link #snaked} writes such an identifier in the snake_case
 * spelling the vocabulary holds, before the wording is lower-cased and read.
 *
 * <p>Only identifiers whose letters are those of one snake_case word of the vocabulary are
 * rewritten, and never one that the vocabulary reads as it is written (an exception class such as
 * {@code RateLimitError}, read as {@code ratelimiterror}): an identifier the rules do not name
 * stays as it was printed. The words are the snake_case tokens of every phrase and clause anchor
 * the rules hold ({@link PhraseIndex}) and of every code set in {@link PhraseIndex#VOCABULARY}.
 * Immutable and thread-safe.
 */
final class CodeSpellings {
  // a snake_case word of the vocabulary: two or more lower-case words joined by underscores
  private static final Pattern SNAKE = Pattern.compile("[a-z][a-z0-9]*(?:_[a-z0-9]+)+");
  // an identifier in camelCase or PascalCase: a word, then one or more capitalised words
  private static final Pattern CAMEL =
      Pattern.compile("(?<![\\w-])[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*[A-Z][a-z0-9]+(?![\\w-])");

  // an exception's class name ("PermissionDeniedError"), which the class rules read as written
  private static final Pattern CLASS_NAME = Pattern.compile("(?:error|exception)$");

  private static final Map<String, String> SNAKE_BY_LETTERS = snakeByLetters();

  private CodeSpellings() {}

  /**
   * {@code text} with each camelCase or PascalCase identifier whose letters spell a snake_case word
   * of the vocabulary written as that word ("finished with contentFilter" → "finished with
   * content_filter"); the text itself when it holds none.
   */
  static String snaked(String text) {
    if (!hasInnerCapital(text)) {
      return text;
    }
    Matcher m = CAMEL.matcher(text);
    StringBuilder out = null;
    int done = 0;
    while (m.find()) {
      String letters = m.group().toLowerCase(Locale.ROOT);
      String snake = CLASS_NAME.matcher(letters).find() ? null : SNAKE_BY_LETTERS.get(letters);
      if (snake != null) {
        out = out == null ? new StringBuilder(text.length() + 16) : out;
        out.append(text, done, m.start()).append(snake);
        done = m.end();
      }
    }
    return out == null ? text : out.append(text, done, text.length()).toString();
  }

  // whether an upper-case letter follows a lower-case one, as in every identifier snaked reads
  private static boolean hasInnerCapital(String text) {
    for (int i = 1; i < text.length(); i++) {
      if (Character.isUpperCase(text.charAt(i)) && Character.isLowerCase(text.charAt(i - 1))) {
        return true;
      }
    }
    return false;
  }

  // The vocabulary's snake_case words by their letters ("contextlengthexceeded" →
  // "context_length_exceeded"), without letters that two words share or that a phrase or code
  // reads as they are.
  private static Map<String, String> snakeByLetters() {
    Set<String> written = new HashSet<>(PhraseIndex.RULES.phrases());
    Set<String> codes = new HashSet<>();
    for (Field field : PhraseIndex.staticFields(PhraseIndex.VOCABULARY)) {
      try {
        field.setAccessible(true);
        if (field.get(null) instanceof Set<?> set) {
          set.forEach(c -> codes.add(String.valueOf(c).toLowerCase(Locale.ROOT)));
        }
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("cannot read " + field, e);
      }
    }
    Map<String, String> byLetters = new HashMap<>();
    Set<String> shared = new HashSet<>();
    written.addAll(codes);
    for (String word : snakeWords(codes)) {
      String letters = word.replace("_", "");
      String other = byLetters.putIfAbsent(letters, word);
      if (other != null && !other.equals(word)) {
        shared.add(letters);
      }
    }
    byLetters.keySet().removeAll(shared);
    byLetters.keySet().removeAll(written);
    return Map.copyOf(byLetters);
  }

  private static Set<String> snakeWords(Collection<String> phrases) {
    Set<String> words = new HashSet<>();
    for (String phrase : phrases) {
      if (phrase.indexOf('_') >= 0) {
        Matcher m = SNAKE.matcher(phrase);
        while (m.find()) {
          words.add(m.group());
        }
      }
    }
    return words;
  }
}
