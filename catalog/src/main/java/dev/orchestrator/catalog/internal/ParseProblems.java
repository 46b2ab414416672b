package dev.orchestrator.catalog.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * A parser's complaint in the user's terms: what was expected at the position (SnakeYAML's
 * "problem", not only its context "while parsing a flow mapping"), without Jackson's source
 * description ({@code [Source: REDACTED …]}) or its token codes. Stateless; thread-safe.
 */
public final class ParseProblems {
  // Jackson's "[Source: REDACTED (`…` disabled); line: 1, column: 10]", as the serve front reads it
  private static final Pattern SOURCE_LOCATION =
      Pattern.compile("\\[Source: [^;\\]]*; line: (\\d+), column: (\\d+)\\]");

  private ParseProblems() {}

  /** One line: what the parser expected and found. */
  public static String describe(JsonProcessingException e) {
    if (e.getCause() instanceof MarkedYAMLException y && y.getProblem() != null) {
      String problem = y.getProblem().trim();
      if (y.getContext() == null) {
        return problem;
      }
      String context = y.getContext().trim();
      if (y.getContextMark() != null) {
        context +=
            " that starts at line "
                + (y.getContextMark().getLine() + 1)
                + ", column "
                + (y.getContextMark().getColumn() + 1);
      }
      return problem + " (" + context + ")";
    }
    return cleanJackson(e.getOriginalMessage());
  }

  /** Jackson's first line without {@code (code 125)} token codes and source descriptions. */
  static String cleanJackson(String message) {
    if (message == null || message.isBlank()) {
      return "malformed";
    }
    // A location inside the message (an unclosed container's start marker) said as one, before
    // the trailing source description is cut off with everything after it.
    String s = SOURCE_LOCATION.matcher(message).replaceAll("line $1, column $2");
    int nl = s.indexOf('\n');
    s = nl < 0 ? s : s.substring(0, nl);
    int src = s.indexOf(" at [Source:");
    if (src >= 0) {
      s = s.substring(0, src);
    }
    s = s.replaceAll(" \\(code -?\\d+\\)", "");
    s = s.replace("(CTRL-CHAR, code ", "(control character ");
    return s.trim();
  }
}
