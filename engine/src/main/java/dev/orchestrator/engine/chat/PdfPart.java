package dev.orchestrator.engine.chat;

import java.util.Objects;

/**
 * What a chat completions {@code file} part ({@link ContentPart.File}) holds for a protocol that
 * takes a PDF only in a form of its own (Anthropic Messages: a {@code document} block with a base64
 * source): the PDF itself, given inline, or the first field that keeps the part from being one.
 * OpenAI's part is {@code {"type": "file", "file": {"file_data": "data:application/pdf;base64,…",
 * "filename": …}}} or {@code {"type": "file", "file": {"file_id": …}}} for a file uploaded to
 * OpenAI (https://platform.openai.com/docs/guides/pdf-files); only the inline form carries what
 * another provider can read.
 *
 * <p>The engine does not read a part's JSON (ADR 0002): these facts are made where the part is
 * parsed — serve's fronts read them from the same parsed tree whose text the part carries — or
 * given directly by {@link ContentPart#pdf}. Planning ({@code ProtocolFit}) and the Anthropic
 * encoder both decide from them, so what is planned is what is sent. Implementations are immutable
 * records.
 */
public sealed interface PdfPart permits PdfPart.Inline, PdfPart.Unusable {

  /** The media type of the only file a chat completions {@code file} part takes. */
  String PDF = "application/pdf";

  /**
   * A PDF given inline.
   *
   * @param filename {@code file.filename}, or {@code null} when the part names none (a blank name
   *     is none)
   * @param base64Data the base64 data of {@code file.file_data}'s {@code data:} URL, as written
   */
  record Inline(String filename, String base64Data) implements PdfPart {
    /**
     * Validates: the data is base64 text, not blank; a blank filename becomes {@code null}.
     *
     * @throws IllegalArgumentException naming the data when it is blank or not base64
     */
    public Inline {
      Objects.requireNonNull(base64Data, "base64Data");
      if (base64Data.isBlank()) {
        throw new IllegalArgumentException("pdf data: blank (expected: base64 text)");
      }
      if (!ContentPart.Image.BASE64.matcher(base64Data).matches()) {
        throw new IllegalArgumentException("pdf data: not base64 (expected: base64 text)");
      }
      if (filename != null && filename.isBlank()) {
        filename = null;
      }
    }

    /** The data as a chat completions {@code file.file_data}: a base64 {@code data:} URL. */
    public String dataUrl() {
      return "data:" + PDF + ";base64," + base64Data;
    }

    @Override
    public String toString() {
      // Never print megabytes of base64 into a log line.
      return "Inline[" + filename + ", " + base64Data.length() + " base64 chars]";
    }
  }

  /**
   * A part that is not a PDF given inline.
   *
   * @param field the field at fault, relative to the part ({@code file.file_id}, {@code
   *     file.file_data}, {@code cache_control})
   * @param problem what it holds instead ({@code "an uploaded file's id…"}, {@code "missing"})
   */
  record Unusable(String field, String problem) implements PdfPart {
    /** Validates: both are given. */
    public Unusable {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(problem, "problem");
      if (field.isBlank() || problem.isBlank()) {
        throw new IllegalArgumentException(
            "unusable pdf part: blank field or problem (expected: the field at fault and why)");
      }
    }
  }
}
