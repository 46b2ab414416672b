package dev.orchestrator.engine.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Patterns whose word boundaries read the same on every JDK.
 *
 * <p>{@code \b} changed meaning in JDK 19 (JDK-8264160): before, a letter of any script was a word
 * character beside it; since, only {@code [A-Za-z0-9_]} is. The classifiers read texts that mix
 * scripts ("您提供的key无效"), so the same pattern answered differently on JDK 17 and JDK 25. {@link
 * #compile} gives every pattern the JDK 19 meaning on every JDK: as written where {@code \b}
 * already has it, and on an older JDK with each {@code \b} written as a lookaround on {@code \w},
 * which is ASCII on every JDK ({@link #asciiBoundaries}). Where the pattern shows which side holds
 * the word — a literal letter, {@code \d}, a class of word characters, a group each of whose
 * alternatives starts or ends with one — a single lookaround is enough; otherwise both cases are
 * written out. (One difference remains: JDK 19's {@code \b} also counts a combining mark after a
 * word character as part of the word; the lookarounds do not.) A {@code \b} beside a letter outside
 * ASCII is refused on every JDK, because under that meaning it never marks the edge of the word it
 * stands beside.
 */
public final class Regexes {
  private static final String BEFORE_WORD = "(?<!\\w)";
  // the same, read just after a first character that is a word character: where the pattern
  // starts with that character, it is only tried where the character is
  private static final String AFTER_FIRST_WORD = "(?<!\\w.)";
  private static final String AFTER_WORD = "(?!\\w)";
  private static final String EITHER = "(?:(?<=\\w)(?!\\w)|(?<!\\w)(?=\\w))";

  // Whether this JDK's \b already has that meaning (JDK 19 and later): a CJK letter is no word
  // character beside "k"
  private static final boolean BOUNDARY_IS_ASCII = Pattern.compile("\\bk").matcher("的k").find();

  private Regexes() {}

  /**
   * {@code regex} compiled with the JDK 19 meaning of {@code \b}: as written where the JDK has it,
   * with its word boundaries written as ASCII lookarounds where it does not.
   *
   * @throws IllegalArgumentException when a {@code \b} stands beside a letter outside ASCII
   */
  public static Pattern compile(String regex) {
    return compile(regex, 0);
  }

  /**
   * {@code regex} compiled with {@code flags} and the JDK 19 meaning of {@code \b}.
   *
   * @throws IllegalArgumentException when a {@code \b} stands beside a letter outside ASCII
   */
  public static Pattern compile(String regex, int flags) {
    // rewritten on every JDK, so that a \b beside a letter outside ASCII is refused on all of them
    String ascii = asciiBoundaries(regex);
    return Pattern.compile(BOUNDARY_IS_ASCII ? regex : ascii, flags);
  }

  /**
   * {@code regex} with each {@code \b} outside a character class and a quotation rewritten: {@code
   * (?!\w)} after what surely ends with a word character; before what surely starts with one,
   * {@code (?<!\w)}, or {@code (?<!\w.)} read just after it when it is one character read once
   * ({@code \bkey} becomes {@code k(?<!\w.)ey}); both cases otherwise.
   *
   * @throws IllegalArgumentException when a {@code \b} stands beside a letter outside ASCII
   */
  public static String asciiBoundaries(String regex) {
    if (!regex.contains("\\b")) {
      return regex;
    }
    Parser p = new Parser(regex);
    p.alternatives();
    StringBuilder out = new StringBuilder(regex.length() + 16 * p.boundaries.size());
    for (int i = 0; i <= regex.length(); i++) {
      out.append(p.inserted.getOrDefault(i, ""));
      String boundary = p.boundaries.get(i);
      if (boundary != null) {
        out.append(boundary);
        i++;
      } else if (i < regex.length()) {
        out.append(regex.charAt(i));
      }
    }
    return out.toString();
  }

  /** What an element of a pattern surely reads at one of its ends. */
  private enum Edge {
    /** an ASCII word character */
    WORD,
    /** a letter or digit outside ASCII */
    FOREIGN,
    /** anything else, or nothing, or not surely one of the above */
    OTHER;

    Edge and(Edge other) {
      if (this == FOREIGN || other == FOREIGN) {
        return FOREIGN;
      }
      return this == WORD && other == WORD ? WORD : OTHER;
    }

    static Edge of(char c) {
      if (c < 0x80) {
        return Character.isLetterOrDigit(c) || c == '_' ? WORD : OTHER;
      }
      return Character.isLetterOrDigit(c) ? FOREIGN : OTHER;
    }
  }

  /**
   * One element of a sequence: what it reads first and last; a boundary's place if it is one; where
   * it ends if it is one word character read once (else -1).
   */
  private record Element(Edge first, Edge last, int boundaryAt, int wordEnd) {
    static Element of(Edge first, Edge last) {
      return new Element(first, last, -1, -1);
    }

    // one character, ending at end
    static Element single(Edge e, int end) {
      return new Element(e, e, -1, e == Edge.WORD ? end : -1);
    }

    Element repeated() {
      return new Element(first, last, boundaryAt, -1);
    }
  }

  /** A recursive reader of a pattern that decides each boundary's lookaround. */
  private static final class Parser {
    private final String regex;
    private final TreeMap<Integer, String> boundaries = new TreeMap<>();
    private final TreeMap<Integer, String> inserted = new TreeMap<>();
    private int i;

    Parser(String regex) {
      this.regex = regex;
    }

    // alternatives := sequence ('|' sequence)*; returns the edges every alternative shares
    Element alternatives() {
      Element all = sequence();
      while (i < regex.length() && regex.charAt(i) == '|') {
        i++;
        Element next = sequence();
        all = Element.of(all.first().and(next.first()), all.last().and(next.last()));
      }
      return all;
    }

    private Element sequence() {
      List<Element> elements = new ArrayList<>();
      while (i < regex.length() && regex.charAt(i) != '|' && regex.charAt(i) != ')') {
        int start = i;
        Element e = atom();
        if (e.boundaryAt() < 0 && quantifier()) {
          // may be read zero times: neither end is sure (a letter outside ASCII stays refused)
          e = Element.of(optionalEdge(e.first()), optionalEdge(e.last()));
        } else if (e.boundaryAt() < 0 && repeat()) {
          e = e.repeated();
        }
        if (start < i) {
          elements.add(e);
        }
      }
      for (int k = 0; k < elements.size(); k++) {
        Element e = elements.get(k);
        if (e.boundaryAt() >= 0) {
          Edge before = k > 0 ? elements.get(k - 1).last() : Edge.OTHER;
          Element next = k + 1 < elements.size() ? elements.get(k + 1) : null;
          Edge after = next != null ? next.first() : Edge.OTHER;
          String decided = decide(e.boundaryAt(), before, after);
          if (decided.equals(BEFORE_WORD) && next.wordEnd() >= 0) {
            inserted.put(next.wordEnd(), AFTER_FIRST_WORD);
            decided = "";
          }
          boundaries.put(e.boundaryAt(), decided);
        }
      }
      if (elements.isEmpty()) {
        return Element.of(Edge.OTHER, Edge.OTHER);
      }
      return Element.of(elements.get(0).first(), elements.get(elements.size() - 1).last());
    }

    private String decide(int at, Edge before, Edge after) {
      if (before == Edge.FOREIGN || after == Edge.FOREIGN) {
        int from = Math.max(0, at - 12);
        int to = Math.min(regex.length(), at + 14);
        throw new IllegalArgumentException(
            "\\b beside a letter outside ASCII never marks that word's edge: …"
                + regex.substring(from, to)
                + "…");
      }
      if (before == Edge.WORD) {
        return AFTER_WORD;
      }
      return after == Edge.WORD ? BEFORE_WORD : EITHER;
    }

    private Element atom() {
      char c = regex.charAt(i);
      switch (c) {
        case '\\':
          return escape();
        case '[':
          return characterClass();
        case '(':
          return group();
        default:
          i++;
          Edge e = c == '.' || c == '^' || c == '$' ? Edge.OTHER : Edge.of(c);
          return Element.single(e, i);
      }
    }

    private Element escape() {
      char e = i + 1 < regex.length() ? regex.charAt(i + 1) : '\\';
      int at = i;
      i += 2;
      switch (e) {
        case 'b':
          return new Element(Edge.OTHER, Edge.OTHER, at, -1);
        case 'w':
        case 'd':
          return Element.single(Edge.WORD, i);
        case 'Q':
          int end = regex.indexOf("\\E", i);
          end = end < 0 ? regex.length() : end;
          String quoted = regex.substring(i, end);
          i = Math.min(regex.length(), end + 2);
          return quoted.isEmpty()
              ? Element.of(Edge.OTHER, Edge.OTHER)
              : Element.of(Edge.of(quoted.charAt(0)), Edge.of(quoted.charAt(quoted.length() - 1)));
        case 'x':
        case 'p':
        case 'P':
        case 'N':
          if (regex.startsWith("{", i)) {
            i = regex.indexOf('}', i) + 1;
          } else {
            i += e == 'x' ? 2 : e == 'N' ? 0 : 1;
          }
          return Element.of(Edge.OTHER, Edge.OTHER);
        case 'u':
          i += 4;
          return Element.of(Edge.OTHER, Edge.OTHER);
        case 'c':
          i += 1;
          return Element.of(Edge.OTHER, Edge.OTHER);
        case 'k':
          if (regex.startsWith("<", i)) {
            i = regex.indexOf('>', i) + 1;
          }
          return Element.of(Edge.OTHER, Edge.OTHER);
        default:
          while (Character.isDigit(e) && i < regex.length() && Character.isDigit(regex.charAt(i))) {
            i++;
          }
          // an escaped metacharacter stands for itself; any other escape is a class or an anchor
          Edge edge = Character.isLetterOrDigit(e) ? Edge.OTHER : Edge.of(e);
          return Element.of(edge, edge);
      }
    }

    // A class whose every member is an ASCII word character ([a-z], [sz], [0-9_]) reads one.
    private Element characterClass() {
      int start = i;
      int depth = 0;
      boolean onlyWord = true;
      do {
        char c = regex.charAt(i);
        if (c == '\\') {
          char e = regex.charAt(i + 1);
          onlyWord &= e == 'd' || e == 'w';
          i += 2;
          continue;
        }
        if (c == '[') {
          depth++;
        } else if (c == ']') {
          depth--;
        } else {
          // a hyphen between two members is a range; first or last it stands for itself
          boolean range = c == '-' && i > start + 1 && regex.charAt(i + 1) != ']';
          onlyWord &= Edge.of(c) == Edge.WORD || range;
        }
        i++;
      } while (depth > 0 && i < regex.length());
      return Element.single(onlyWord ? Edge.WORD : Edge.OTHER, i);
    }

    private Element group() {
      i++;
      boolean zeroWidth = false;
      if (regex.startsWith("?", i)) {
        zeroWidth =
            regex.startsWith("?=", i)
                || regex.startsWith("?!", i)
                || regex.startsWith("?<=", i)
                || regex.startsWith("?<!", i);
        // the group's kind: (?: (?> (?= (?! (?<= (?<! (?<name> or inline flags (?i) (?i:
        while (i < regex.length() && ":>=!)".indexOf(regex.charAt(i)) < 0) {
          if (regex.charAt(i) == '<' && !regex.startsWith("<=", i) && !regex.startsWith("<!", i)) {
            i = regex.indexOf('>', i);
            break;
          }
          i++;
        }
        if (regex.charAt(i) == ')') {
          // inline flags: reads nothing
          i++;
          return Element.of(Edge.OTHER, Edge.OTHER);
        }
        i++;
      }
      Element inner = alternatives();
      i++; // ')'
      return zeroWidth ? Element.of(Edge.OTHER, Edge.OTHER) : inner;
    }

    // Reads a quantifier that may read the element zero times; true when it did.
    private boolean quantifier() {
      if (i >= regex.length()) {
        return false;
      }
      char q = regex.charAt(i);
      if (q == '?' || q == '*' || regex.startsWith("{0", i) || regex.startsWith("{,", i)) {
        skipQuantifier();
        return true;
      }
      return false;
    }

    // Reads a quantifier that reads the element at least once, if one is there; true when it did.
    private boolean repeat() {
      if (i < regex.length() && (regex.charAt(i) == '+' || regex.charAt(i) == '{')) {
        skipQuantifier();
        return true;
      }
      return false;
    }

    private void skipQuantifier() {
      i = regex.charAt(i) == '{' ? regex.indexOf('}', i) + 1 : i + 1;
      // lazy or possessive
      if (i < regex.length() && (regex.charAt(i) == '?' || regex.charAt(i) == '+')) {
        i++;
      }
    }

    private static Edge optionalEdge(Edge e) {
      return e == Edge.FOREIGN ? Edge.FOREIGN : Edge.OTHER;
    }
  }
}
