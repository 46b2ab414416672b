package dev.orchestrator.engine.plan;

import java.util.Objects;

/**
 * A request field that a wire protocol cannot express, so a route speaking it cannot honour the
 * request (DESIGN §9). Immutable and thread-safe.
 *
 * @param field the field as named in an OpenAI request ({@code seed}, {@code
 *     messages[2].content[0]}, {@code response_format})
 * @param why what the protocol lacks, in the user's terms
 */
public record FieldGap(String field, String why) {
  /** Validates. */
  public FieldGap {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(why, "why");
  }

  /** {@code field: why}, the text of the exclusion's detail. */
  public String detail() {
    return field + ": " + why;
  }
}
