package dev.orchestrator.providers.classify;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Finds which of several sets of phrases occur in a text, in one pass: an Aho–Corasick automaton
 * over every phrase of every set, compiled to a table indexed by state and character class. {@link
 * #scan} returns a bit per set whose phrases occur, so a wording rule costs a bit test instead of a
 * {@code String.contains} per phrase. Built once by a {@link Builder}; immutable and thread-safe
 * afterwards.
 *
 * <p>Phrases are ASCII, or <em>wide</em>: containing a CJK-range char (U+2E80 and above; Chinese
 * providers document their errors in Chinese). Every wide char walks the automaton as one class of
 * its own, which a hidden one-char phrase detects; only a text that has such a char is then
 * searched for the wide phrases, with {@code String.contains}. ASCII text pays nothing for them.
 *
 * <p>{@link #scanLowerCased} answers for the lower-cased text without making it. No phrase holds a
 * line feed, so texts scanned one by one find what they would find joined by line feeds.
 */
final class PhraseScanner {

  /** A set of phrases (ASCII or wide), one bit of a {@link #scan} result. */
  static final class Phrases {
    private final long bit;
    private final List<String> phrases;
    private final List<String> wide;

    private Phrases(long bit, List<String> phrases, List<String> wide) {
      this.bit = bit;
      this.phrases = phrases;
      this.wide = wide;
    }

    /** Whether {@code present}, a {@link #scan} result, says one of these phrases occurs. */
    boolean in(long present) {
      return (present & bit) != 0;
    }

    List<String> phrases() {
      return phrases;
    }
  }

  /** The first char that counts as wide (CJK radicals onwards). */
  static final char WIDE_FROM = '\u2E80';

  // The bit of the hidden phrase "any wide char"; no set uses it.
  private static final long WIDE_BIT = Long.MIN_VALUE;

  // ASCII chars that occur in some phrase get a class from 1; every wide char gets the hidden
  // class wideClass; every other char is class 0, from which each state falls back to the root
  // (no phrase can continue across it).
  private final byte[] classOf;
  // classOf with each ASCII capital walking as its small letter, for scanLowerCased
  private final byte[] foldedClassOf;
  // the hidden class: a wide char in scan, any char past Latin-1 in scanLowerCased
  private final int wideClass;
  private final int classes;
  // the sets that have wide phrases, searched only when the text has a wide char
  private final List<Phrases> wideSets;
  // A bound on the table (1 MiB of ints): phrases are a few hundred short strings.
  private static final int MAX_TABLE = 1 << 18;

  // next[state * classes + class] = next state * classes: the complete transition function
  // (failure links folded in), states premultiplied by the row length
  private final int[] next;
  // the bits of every set with a phrase ending at the state, or at a suffix of it
  private final long[] found;
  // the (premultiplied) first state with bits in found; all later ones have some
  private final int firstAccepting;
  // the longest phrase's length
  private final int maxLength;

  private PhraseScanner(
      byte[] classOf,
      int wideClass,
      int classes,
      int[] next,
      long[] found,
      int maxLength,
      List<Phrases> wideSets) {
    this.maxLength = maxLength;
    this.classOf = classOf;
    this.foldedClassOf = classOf.clone();
    for (char c = 'A'; c <= 'Z'; c++) {
      this.foldedClassOf[c] = classOf[Character.toLowerCase(c)];
    }
    this.wideClass = wideClass;
    this.classes = classes;
    this.wideSets = List.copyOf(wideSets);
    // renumber: the root stays 0, the states that find something move to the end
    int states = found.length;
    int[] order = new int[states];
    int[] rank = new int[states];
    int r = 0;
    for (int pass = 0; pass < 2; pass++) {
      for (int s = 0; s < states; s++) {
        if ((found[s] != 0) == (pass == 1)) {
          order[r] = s;
          rank[s] = r++;
        }
      }
    }
    if ((long) states * classes > MAX_TABLE) {
      throw new IllegalStateException(
          "phrase automaton: "
              + states
              + " states x "
              + classes
              + " classes (max "
              + MAX_TABLE
              + " entries)");
    }
    this.next = new int[states * classes];
    this.found = new long[states];
    int accepting = states;
    for (int i = 0; i < states; i++) {
      int s = order[i];
      this.found[i] = found[s];
      if (found[s] != 0 && accepting == states) {
        accepting = i;
      }
      for (int c = 0; c < classes; c++) {
        this.next[i * classes + c] = rank[next[s * classes + c]] * classes;
      }
    }
    this.firstAccepting = accepting * classes;
  }

  static Builder builder() {
    return new Builder();
  }

  /** The bits of every set with at least one phrase occurring in {@code text} (case-sensitive). */
  long scan(String text) {
    long present = walkAll(text, classOf, WIDE_FROM);
    if ((present & WIDE_BIT) == 0) {
      return present;
    }
    present &= ~WIDE_BIT;
    for (Phrases set : wideSets) {
      for (String p : set.wide) {
        if (text.contains(p)) {
          present |= set.bit;
          break;
        }
      }
    }
    return present;
  }

  /**
   * Exactly {@code scan(text.toLowerCase(Locale.ROOT))}, without the lower-cased copy for almost
   * every text: lower-casing maps ASCII capitals to small letters, and every other char below
   * {@link #WIDE_FROM} but a few to one past ASCII and below {@code WIDE_FROM}, which no phrase
   * holds. So the walk reads a capital as its small letter, and any other char as one no phrase
   * holds: a char past Latin-1 walks as the hidden class, which the automaton leaves exactly as it
   * leaves such a char (the hidden state has no edges of its own), only marking the result. A text
   * so marked is lower-cased and scanned only when it has a wide char or one of the few that
   * lower-case out of that range (U+0130 to {@code i} and a combining dot, U+212A KELVIN SIGN to
   * {@code k}, Cherokee capitals to small letters from {@code WIDE_FROM} on); a typographic quote,
   * a dash, a Greek or Cyrillic letter cost one more look at the text instead.
   */
  long scanLowerCased(String text) {
    long present = walkAll(text, foldedClassOf, LATIN1_END);
    if ((present & WIDE_BIT) == 0) {
      return present;
    }
    return lowersOutOfRange(text) ? scan(text.toLowerCase(Locale.ROOT)) : present & ~WIDE_BIT;
  }

  // Whether a char of text is wide, or lower-cases into ASCII or a wide char (LOWERS_OUT).
  private static boolean lowersOutOfRange(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (lowersOutOfRange(text.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  // LOWERS_OUT[c]: whether c (below WIDE_FROM) lower-cases to a char in ASCII or from WIDE_FROM
  // on; computed, so no such char is missed (U+0130, U+212A and the Cherokee capitals).
  private static final boolean[] LOWERS_OUT = lowersOut();

  private static boolean[] lowersOut() {
    boolean[] out = new boolean[WIDE_FROM];
    for (char c = 0x80; c < WIDE_FROM; c++) {
      String lower = String.valueOf(c).toLowerCase(Locale.ROOT);
      for (int i = 0; i < lower.length(); i++) {
        out[c] |= lower.charAt(i) < 0x80 || lower.charAt(i) >= WIDE_FROM;
      }
    }
    return out;
  }

  /** Whether {@code c}, past ASCII, is wide or lower-cases to a char in ASCII or a wide one. */
  static boolean lowersOutOfRange(char c) {
    return c >= WIDE_FROM || c >= 0x80 && LOWERS_OUT[c];
  }

  /**
   * The bits of those of {@code sets} with a phrase in {@code text}, by {@code String.contains}:
   * cheaper than a {@link #scan} when only a few short sets matter.
   */
  static long containing(String text, Phrases... sets) {
    long present = 0;
    for (Phrases set : sets) {
      for (String p : set.phrases) {
        if (text.contains(p)) {
          present |= set.bit;
          break;
        }
      }
    }
    return present;
  }

  // The first char past Latin-1.
  private static final char LATIN1_END = '\u0100';

  // The automaton pass, reading chars through cls; chars from hiddenFrom on walk as the hidden
  // class, so the result's WIDE_BIT says whether the text has one at all.
  private long walkAll(String text, byte[] cls, char hiddenFrom) {
    int n = text.length();
    // Below about five phrase lengths the lanes' overlap (below) costs what they save; the + 4
    // keeps the third lane inside the text (s2 + len <= n) even when the longest phrase is one
    // char.
    if (n < 5 * maxLength + 4) {
      return walk(text, n, cls, hiddenFrom);
    }
    // One automaton step waits for the previous one's table load, so a single walk is bound by
    // load latency. Four walks (lanes) of len chars each run side by side instead. Each starts at
    // the root, overlaps the next by at least back = maxLength - 1 chars, and the last ends at the
    // text's end, so all four walk the same len steps and none has a tail to walk alone. A phrase
    // is found by the last lane that starts at or before it: the next lane starts after the
    // phrase's first char, so this one reaches back chars further, past the phrase's end.
    char[] t = text.toCharArray(); // plain array reads: no per-char String coder check
    int back = maxLength - 1;
    int len = (n + 3 * back + 3) / 4; // 4 * len >= n + 3 * back: the overlaps fit
    int s1 = len - back;
    int s2 = 2 * s1;
    int s3 = n - len;
    int[] nx = next;
    long[] out = found;
    int k = classes;
    int w = wideClass;
    int from = firstAccepting;
    int a = 0;
    int b = 0;
    int c = 0;
    int d = 0;
    long present = 0;
    for (int i = 0; i < len; i++) {
      char ca = t[i];
      char cb = t[s1 + i];
      char cc = t[s2 + i];
      char cd = t[s3 + i];
      a = nx[a + (ca < 128 ? cls[ca] : ca >= hiddenFrom ? w : 0)];
      b = nx[b + (cb < 128 ? cls[cb] : cb >= hiddenFrom ? w : 0)];
      c = nx[c + (cc < 128 ? cls[cc] : cc >= hiddenFrom ? w : 0)];
      d = nx[d + (cd < 128 ? cls[cd] : cd >= hiddenFrom ? w : 0)];
      if ((a | b | c | d) >= from) {
        present |= (a >= from ? out[a / k] : 0) | (b >= from ? out[b / k] : 0);
        present |= (c >= from ? out[c / k] : 0) | (d >= from ? out[d / k] : 0);
      }
    }
    return present;
  }

  // One walk over text[0, end), from the root; the caller passes end = text.length(). Measured:
  // with the loop bound read from the text instead, C2 compiled the loop differently and the
  // short texts most calls scan (10 to 30 chars) took about 15 % longer.
  private long walk(String text, int end, byte[] cls, char hiddenFrom) {
    int[] nx = next;
    long[] out = found;
    int from = firstAccepting;
    int state = 0;
    long present = 0;
    for (int i = 0; i < end; i++) {
      char c = text.charAt(i);
      state = nx[state + (c < 128 ? cls[c] : c >= hiddenFrom ? wideClass : 0)];
      if (state >= from) {
        present |= out[state / classes];
      }
    }
    return present;
  }

  /** Collects the sets, then compiles them all into one automaton. */
  static final class Builder {
    private final List<Phrases> sets = new ArrayList<>();
    private boolean built;

    private Builder() {}

    /**
     * A new set of phrases (non-empty; ASCII, or wide: with a char from {@link #WIDE_FROM} and no
     * other non-ASCII char below it); at most 63 sets per scanner.
     */
    Phrases phrases(String... phrases) {
      if (built) {
        throw new IllegalStateException("phrases added after build()");
      }
      if (sets.size() == Long.SIZE - 1) {
        throw new IllegalStateException("phrase sets: 64 (expected: at most 63)");
      }
      List<String> ascii = new ArrayList<>();
      List<String> wide = new ArrayList<>();
      for (String p : phrases) {
        if (Objects.requireNonNull(p, "phrase").isEmpty()) {
          throw new IllegalArgumentException("phrase: \"\" (expected: non-empty)");
        }
        boolean isWide = false;
        for (int i = 0; i < p.length(); i++) {
          char c = p.charAt(i);
          if (c == '\n') {
            // a line feed ends every phrase, so parts scanned apart = parts joined by line feeds
            throw new IllegalArgumentException(
                "phrase: \"" + p.replace("\n", "\\n") + "\" (expected: no line feed)");
          }
          if (c >= 128 && c < WIDE_FROM) {
            throw new IllegalArgumentException(
                "phrase: \"" + p + "\" (expected: ASCII, or ASCII and chars from U+2E80)");
          }
          isWide |= c >= WIDE_FROM;
        }
        (isWide ? wide : ascii).add(p);
      }
      Phrases set = new Phrases(1L << sets.size(), List.of(phrases), List.copyOf(wide));
      sets.add(set);
      asciiOf.add(ascii);
      return set;
    }

    // each set's ASCII phrases, by set index
    private final List<List<String>> asciiOf = new ArrayList<>();

    PhraseScanner build() {
      built = true;
      byte[] classOf = new byte[128];
      int classes = 1;
      for (List<String> ascii : asciiOf) {
        for (String p : ascii) {
          for (int i = 0; i < p.length(); i++) {
            if (classOf[p.charAt(i)] == 0) {
              classOf[p.charAt(i)] = (byte) classes++;
            }
          }
        }
      }
      List<Phrases> wideSets = new ArrayList<>();
      for (Phrases set : sets) {
        if (!set.wide.isEmpty()) {
          wideSets.add(set);
        }
      }
      int wideClass = classes++; // always: scanLowerCased needs it for chars past Latin-1
      // the trie; -1 marks a missing edge
      List<int[]> edges = new ArrayList<>();
      List<Long> ends = new ArrayList<>();
      edges.add(newRow(classes));
      ends.add(0L);
      for (int k = 0; k < sets.size(); k++) {
        for (String p : asciiOf.get(k)) {
          int[] path = new int[p.length()];
          for (int i = 0; i < p.length(); i++) {
            path[i] = classOf[p.charAt(i)];
          }
          insert(edges, ends, path, sets.get(k).bit, classes);
        }
      }
      insert(edges, ends, new int[] {wideClass}, WIDE_BIT, classes);
      int states = edges.size();
      int[] next = new int[states * classes];
      long[] found = new long[states];
      int[] fail = new int[states];
      // breadth first, so a state's failure target is complete before the state itself
      ArrayDeque<Integer> queue = new ArrayDeque<>();
      for (int c = 0; c < classes; c++) {
        int t = edges.get(0)[c];
        if (t > 0) {
          fail[t] = 0;
          next[c] = t;
          queue.add(t);
        }
      }
      found[0] = ends.get(0);
      while (!queue.isEmpty()) {
        int s = queue.poll();
        found[s] = ends.get(s) | found[fail[s]];
        for (int c = 0; c < classes; c++) {
          int t = edges.get(s)[c];
          if (t > 0) {
            fail[t] = next[fail[s] * classes + c];
            next[s * classes + c] = t;
            queue.add(t);
          } else {
            next[s * classes + c] = next[fail[s] * classes + c];
          }
        }
      }
      int maxLength = 1;
      for (List<String> ascii : asciiOf) {
        for (String p : ascii) {
          maxLength = Math.max(maxLength, p.length());
        }
      }
      return new PhraseScanner(classOf, wideClass, classes, next, found, maxLength, wideSets);
    }

    private static void insert(
        List<int[]> edges, List<Long> ends, int[] path, long bit, int classes) {
      int s = 0;
      for (int c : path) {
        if (edges.get(s)[c] < 0) {
          edges.get(s)[c] = edges.size();
          edges.add(newRow(classes));
          ends.add(0L);
        }
        s = edges.get(s)[c];
      }
      ends.set(s, ends.get(s) | bit);
    }

    private static int[] newRow(int classes) {
      int[] row = new int[classes];
      Arrays.fill(row, -1);
      return row;
    }
  }
}
