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
 * The codes the rules name in snake_case ({@code context_length_exceeded}, {@code
 * model_not_found}), read however a client cased them. A JavaScript, Java, Go or .NET client prints
 * the same code as {@code contextLengthExceeded} or {@code ContextLengthExceeded}; lower-cased,
 * that is {@code contextlengthexceeded}, which no rule spells. {@link #snaked} writes such an
 * identifier in the snake_case spelling the vocabulary holds, before the wording is lower-cased and
 * read (ADR 0030, twenty-fourth addendum).
 *
 * <p>The words are the snake_case codes of the code sets ({@code Set} fields) of {@link
 * PhraseIndex#VOCABULARY}. Only an identifier whose letters are those of one such code is
 * rewritten; never one whose letters a phrase, clause anchor or code reads as written (an exception
 * class such as {@code RateLimitError}, read as {@code ratelimiterror}), nor an exception's class
 * at all, nor a parameter or a JSON key ({@code maxTokens}, {@code thoughtSignature}: the phrase
 * lists' snake_case words are not among the codes, as a JSON dump of camelCase keys would read as
 * parameters named). Immutable and thread-safe.
 */
final class CodeSpellings {
  // a snake_case word of the vocabulary: two or more lower-case words joined by underscores
  private static final Pattern SNAKE = Pattern.compile("[a-z][a-z0-9]*(?:_[a-z0-9]+)+");
  // an identifier in camelCase or PascalCase: a word, then one or more capitalised words
  private static final Pattern CAMEL = Pattern.compile("[A-Za-z][a-z0-9]*+(?:[A-Z][a-z0-9]++)++");

  private static final Map<String, String> SNAKE_BY_LETTERS = snakeByLetters();

  private CodeSpellings() {}

  /**
   * {@code text} with each camelCase or PascalCase identifier whose letters spell a snake_case word
   * of the vocabulary written as that word ("finished with contentFilter" → "finished with
   * content_filter"); the text itself when it holds none.
   */
  static String snaked(String text) {
    StringBuilder out = null;
    int done = 0;
    // from each lower-case letter or digit followed by a capital, the identifier around it: a scan
    // of the characters, as a pattern tried at every character of a long body cost more than the
    // rest of reading it
    for (int i = 1; i < text.length(); i++) {
      if (!isUpper(text.charAt(i)) || !isLowerOrDigit(text.charAt(i - 1))) {
        continue;
      }
      int start = i - 1;
      while (start > 0 && isAsciiLetterOrDigit(text.charAt(start - 1))) {
        start--;
      }
      int end = i;
      while (end < text.length() && isAsciiLetterOrDigit(text.charAt(end))) {
        end++;
      }
      String id = text.substring(start, end);
      String snake = wholeIdentifier(text, start, end) ? snakeOf(id) : null;
      if (snake != null) {
        out = out == null ? new StringBuilder(text.length() + 16) : out;
        out.append(text, done, start).append(snake);
        done = end;
      }
      i = end;
    }
    return out == null ? text : out.append(text, done, text.length()).toString();
  }

  // The vocabulary's spelling of a camelCase or PascalCase identifier, or null
  private static String snakeOf(String id) {
    if (!CAMEL.matcher(id).matches()) {
      return null;
    }
    String letters = id.toLowerCase(Locale.ROOT);
    // never an exception's class ("PermissionDeniedError"), which the class rows read as written
    boolean className = letters.endsWith("error") || letters.endsWith("exception");
    return className ? null : SNAKE_BY_LETTERS.get(letters);
  }

  // not part of a longer name: no hyphen, underscore or non-ASCII letter joined to either end
  private static boolean wholeIdentifier(String text, int start, int end) {
    return (start == 0 || !joins(text.charAt(start - 1)))
        && (end == text.length() || !joins(text.charAt(end)));
  }

  private static boolean joins(char c) {
    return c == '-' || c == '_' || Character.isLetterOrDigit(c);
  }

  private static boolean isUpper(char c) {
    return c >= 'A' && c <= 'Z';
  }

  private static boolean isLowerOrDigit(char c) {
    return c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
  }

  private static boolean isAsciiLetterOrDigit(char c) {
    return isUpper(c) || isLowerOrDigit(c);
  }

  // The code sets' snake_case words by their letters ("contextlengthexceeded" →
  // "context_length_exceeded"), without letters that two words share or that a phrase, an anchor
  // or a code reads as they are.
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
