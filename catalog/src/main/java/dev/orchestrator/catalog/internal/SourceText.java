package dev.orchestrator.catalog.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.orchestrator.catalog.CatalogException;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * One catalog source: its name and, when it came from text, the text itself. Positions of fields
 * are found lazily, only when an error is reported, by re-scanning the text; the happy path pays
 * nothing for line numbers. Immutable and thread-safe.
 *
 * @param name the source name used in messages
 * @param text the text, or {@code null} for an in-memory tree
 * @param yaml whether the text is YAML (as opposed to JSON or an in-memory tree)
 */
public record SourceText(String name, String text, boolean yaml) {
  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .build();
  private static final ObjectMapper YAML =
      YAMLMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .build();

  /** A source with no text (an in-memory tree): errors carry no line numbers. */
  public static SourceText ofTree(String name) {
    return new SourceText(name, null, false);
  }

  /**
   * A source read from text; JSON when the first significant character is <code>{</code> or <code>[
   * </code>, YAML otherwise.
   */
  public static SourceText ofText(String name, String text) {
    String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
    String s = t.stripLeading();
    boolean json = s.startsWith("{") || s.startsWith("[");
    return new SourceText(name, t, !json);
  }

  /**
   * Parses the text into a tree.
   *
   * @throws CatalogException with line and column when the text is not well-formed
   */
  public JsonNode parse() {
    if (text == null) {
      throw new IllegalStateException("no text for " + name);
    }
    if (text.isBlank()) {
      throw new CatalogException(name, "empty document (expected: a catalog object)", null);
    }
    try {
      JsonNode node = (yaml ? YAML : JSON).readTree(text);
      if (node == null || node.isMissingNode()) {
        throw new CatalogException(name, "empty document (expected: a catalog object)", null);
      }
      return node;
    } catch (JsonProcessingException e) {
      JsonLocation loc = e.getLocation();
      String msg = ParseProblems.describe(e);
      int line = loc == null ? 0 : Math.max(0, loc.getLineNr());
      int column = loc == null ? 0 : Math.max(0, loc.getColumnNr());
      if (yaml && msg.contains("(TAB)")) {
        // The scanner reports a tab at the end of the line before it: point at the tab itself.
        int[] tab = tabFrom(line, column);
        if (tab != null) {
          line = tab[0];
          column = tab[1];
          msg = "a tab in the indentation (YAML indents with spaces only)";
        }
      }
      throw new CatalogException(
          name,
          line,
          column,
          null,
          // The parser's own expectation ("expected ',' or '}'") at the position given.
          (yaml ? "invalid YAML: " : "invalid JSON: ") + msg,
          e);
    }
  }

  /** The 1-based line and column of the first tab at or after {@code line}:{@code column}. */
  private int[] tabFrom(int line, int column) {
    String[] lines = text.split("\n", -1);
    for (int i = Math.max(0, line - 1); i < lines.length; i++) {
      int from = i == line - 1 ? Math.max(0, column - 1) : 0;
      int at = lines[i].indexOf('\t', Math.min(from, lines[i].length()));
      if (at >= 0) {
        return new int[] {i + 1, at + 1};
      }
    }
    return null;
  }

  /** An error about the value at {@code path}, with its position when the text is known. */
  public CatalogException error(FieldPath path, String problem) {
    int[] pos = locate(path);
    return new CatalogException(
        name, pos[0], pos[1], path.isRoot() ? null : path.toString(), problem, null);
  }

  /** The 1-based line and column of the value (or of its key) at {@code path}; zeros if unknown. */
  int[] locate(FieldPath path) {
    if (text == null) {
      return new int[] {0, 0};
    }
    JsonFactory f = (yaml ? YAML : JSON).getFactory();
    try (JsonParser p = f.createParser(text)) {
      if (p.nextToken() == null) {
        return new int[] {0, 0};
      }
      JsonLocation loc = find(p, path.segments(), 0);
      if (loc == null) {
        return new int[] {0, 0};
      }
      return new int[] {Math.max(0, loc.getLineNr()), Math.max(0, loc.getColumnNr())};
    } catch (IOException e) {
      return new int[] {0, 0};
    }
  }

  // The parser stands on the first token of the value at segments[0..depth).
  private static JsonLocation find(JsonParser p, List<Object> segments, int depth)
      throws IOException {
    if (depth == segments.size()) {
      return p.currentTokenLocation();
    }
    Object seg = segments.get(depth);
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT && seg instanceof String) {
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        JsonLocation keyLoc = p.currentTokenLocation();
        String name = p.currentName();
        p.nextToken();
        if (seg.equals(name)) {
          return depth + 1 == segments.size() ? keyLoc : find(p, segments, depth + 1);
        }
        p.skipChildren();
      }
      return null;
    }
    if (t == JsonToken.START_ARRAY && seg instanceof Integer) {
      int want = (Integer) seg;
      int i = 0;
      while (p.nextToken() != JsonToken.END_ARRAY) {
        if (p.currentToken() == null) {
          return null;
        }
        if (i == want) {
          return find(p, segments, depth + 1);
        }
        p.skipChildren();
        i++;
      }
      return null;
    }
    return null;
  }

  @Override
  public String toString() {
    return name
        + (text == null ? " (tree)" : yaml ? " (yaml)" : " (json)").toLowerCase(Locale.ROOT);
  }
}
