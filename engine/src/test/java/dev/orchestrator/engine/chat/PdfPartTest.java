package dev.orchestrator.engine.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A chat completions {@code file} part as the engine holds it: the caller's JSON text beside typed
 * facts (the PDF and its name, or the first field that keeps the part from being one), or a PDF
 * built in Java from its name and data with no JSON at all. Reading a caller's JSON into these
 * facts is the fronts' job ({@code serve}'s {@code FilePartsTest}).
 */
class PdfPartTest {
  /** "%PDF-1.4\n%äüöß\n" in base64. */
  private static final String PDF = "JVBERi0xLjQKJcOkw7zDtsOfCg==";

  @Test
  void aPdfBuiltInJavaIsAnInlinePdfWithoutJson() {
    ContentPart.File p = ContentPart.pdf("report.pdf", PDF);

    assertThat(p.type()).isEqualTo("file");
    assertThat(p.json()).isNull();
    assertThat(p.pdf()).isEqualTo(new PdfPart.Inline("report.pdf", PDF));
    assertThat(((PdfPart.Inline) p.pdf()).dataUrl())
        .isEqualTo("data:application/pdf;base64," + PDF);
  }

  @Test
  void aPdfBuiltInJavaNeedsANameAndBase64Data() {
    assertThatThrownBy(() -> ContentPart.pdf(" ", PDF))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("pdf filename: blank");
    assertThatThrownBy(() -> ContentPart.pdf("a.pdf", ""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("pdf data: blank (expected: base64 text)");
    assertThatThrownBy(() -> ContentPart.pdf("a.pdf", "%PDF-1.4"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("pdf data: not base64 (expected: base64 text)");
  }

  @Test
  void aBlankNameIsNoName() {
    assertThat(new PdfPart.Inline(" ", PDF)).isEqualTo(new PdfPart.Inline(null, PDF));
  }

  @Test
  void aPartWithoutJsonMustBeAnInlinePdf() {
    assertThatThrownBy(
            () ->
                new ContentPart.File(
                    null, new PdfPart.Unusable("file.file_id", "an uploaded file's id")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("file part: no JSON");
    assertThatThrownBy(() -> new ContentPart.File(" ", new PdfPart.Inline("a.pdf", PDF)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("file part json: blank (expected: a JSON object)");
    assertThatThrownBy(() -> new PdfPart.Unusable("", "missing"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void neitherPrintsTheData() {
    String json =
        "{\"type\":\"file\",\"file\":{\"filename\":\"report.pdf\","
            + "\"file_data\":\"data:application/pdf;base64,"
            + PDF
            + "\"}}";
    ContentPart.File p = new ContentPart.File(json, new PdfPart.Inline("report.pdf", PDF));

    assertThat(p.toString())
        .doesNotContain(PDF)
        .contains("report.pdf", PDF.length() + " base64", json.length() + " chars of JSON");
    assertThat(ContentPart.pdf("report.pdf", PDF).toString()).doesNotContain(PDF);
  }
}
