package dev.orchestrator.catalog.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The path of a value inside a catalog document, rendered for people as {@code
 * 302ai.models.MiniMax-M1.cost.input} or {@code routes["nvidia/x"].tier}. Immutable.
 */
public final class FieldPath {
  private static final Pattern SIMPLE = Pattern.compile("[A-Za-z0-9_-]+");

  /** The document itself. */
  public static final FieldPath ROOT = new FieldPath(List.of());

  // Each segment is a String (object key) or an Integer (array index).
  private final List<Object> segments;

  private FieldPath(List<Object> segments) {
    this.segments = segments;
  }

  /** The path of a member of the object at this path. */
  public FieldPath key(String key) {
    return append(key);
  }

  /** The path of an element of the array at this path. */
  public FieldPath index(int index) {
    return append(index);
  }

  private FieldPath append(Object segment) {
    List<Object> s = new ArrayList<>(segments.size() + 1);
    s.addAll(segments);
    s.add(segment);
    return new FieldPath(Collections.unmodifiableList(s));
  }

  /** The segments, each a {@code String} key or an {@code Integer} index. */
  public List<Object> segments() {
    return segments;
  }

  /** Whether this is the document root. */
  public boolean isRoot() {
    return segments.isEmpty();
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    for (Object s : segments) {
      if (s instanceof Integer) {
        b.append('[').append(s).append(']');
      } else {
        String k = (String) s;
        if (SIMPLE.matcher(k).matches()) {
          if (b.length() > 0) {
            b.append('.');
          }
          b.append(k);
        } else {
          b.append("[\"").append(k.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]");
        }
      }
    }
    return b.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FieldPath && ((FieldPath) o).segments.equals(segments);
  }

  @Override
  public int hashCode() {
    return segments.hashCode();
  }
}
