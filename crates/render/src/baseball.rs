//! Baseball pictures: a game history as a table, one row per guess with its strikes and
//! balls (as numbers and dots) and the secrets still possible after it (as a number and a
//! bar on a log scale), then the strategy's next guess and, when few remain, the candidates.

use baseball_core::{
    HistoryEntry, InputError, SolveInput, SolveVerdict, remaining_after_each, solve,
};

use crate::doc::{ALERT, Doc, INK, MARGIN, MUTED, caption_height, caption_width};

const ROW: f64 = 26.0;
const STRIKE: &str = "#16a34a";
const BALL: &str = "#d97706";
const BAR: &str = "#3b82f6";
const STRIPE: &str = "#f3f4f6";
const BAR_WIDTH: f64 = 150.0;
/// Candidates per caption line.
const PER_LINE: usize = 10;

/// Draws a `baseball solve` input (the history) as one SVG table. Remaining counts come from
/// the engine after each guess; the next guess from the input's strategy (`random` without
/// a `seed` uses seed 0, so the same input always gives the same picture).
pub fn baseball(input: SolveInput) -> Result<String, InputError> {
    // The whole input first, so its faults are reported as `baseball solve` reports them.
    let last = solve(SolveInput {
        seed: input.seed.or(Some(0)),
        ..input.clone()
    })?;
    let length = match input.length {
        Some(n) => n as usize,
        None => input.history.first().map_or(3, |h| h.guess.chars().count()),
    };
    // One replay gives the count after every entry.
    let Some(remaining) = remaining_after_each(&input)? else {
        return Ok(crate::caption::note(&[
            "baseball: the history could not be replayed within timeout_ms".to_string(),
        ]));
    };

    let caption = caption_of(&last);
    let table = Table::new(length, input.history.len() + 2);
    let width = (table.width + 2.0 * MARGIN).max(caption_width(&caption));
    let height = table.height() + 2.0 * MARGIN + caption_height(caption.len());
    let mut doc = Doc::new(width, height, "baseball history");
    table.stripes(&mut doc);
    let bold = [("font-weight", "bold")];
    for (col, name) in ["#", "guess", "strikes", "balls", "secrets left"]
        .into_iter()
        .enumerate()
    {
        table.text(&mut doc, col, 0, name, &bold);
    }
    table.text(&mut doc, 1, 1, "start", &[("fill", MUTED)]);
    for (k, entry) in input.history.iter().enumerate() {
        table.entry(&mut doc, k + 2, entry);
    }
    let total = remaining[0];
    for (row, &left) in remaining.iter().enumerate() {
        table.secrets_left(&mut doc, row + 1, left, total);
    }
    doc.line(
        (MARGIN, MARGIN + ROW),
        (MARGIN + table.width, MARGIN + ROW),
        &[("stroke", INK), ("stroke-width", "1.2")],
    );
    doc.caption(MARGIN, MARGIN + table.height() + 22.0, &caption);
    Ok(doc.finish())
}

/// The caption: the strategy's next guess (or why there is none) and the candidates left.
fn caption_of(last: &SolveVerdict) -> Vec<String> {
    let mut caption = Vec::new();
    match (&last.next_guess, last.remaining) {
        (_, Some(0)) => caption.push("no secret agrees with every answer".to_string()),
        (Some(g), _) => caption.push(format!("next guess ({}): {g}", last.strategy.name())),
        (None, _) => caption.push(format!(
            "{}: no next guess (out of time)",
            last.strategy.name()
        )),
    }
    if let Some(candidates) = &last.candidates {
        for (k, chunk) in candidates.chunks(PER_LINE).enumerate() {
            let head = if k == 0 { "candidates: " } else { "    " };
            caption.push(format!("{head}{}", chunk.join(", ")));
        }
    }
    caption
}

/// The history table's layout: five columns (#, guess, strikes, balls, secrets left) sized
/// for codes of `length` symbols, and `rows` rows counting the header and the start.
struct Table {
    length: usize,
    rows: usize,
    /// The left edge of each column.
    columns: Vec<f64>,
    width: f64,
}

impl Table {
    fn new(length: usize, rows: usize) -> Table {
        let dots = length as f64 * 10.0;
        let widths = [
            40.0,
            (length as f64 * 11.0 + 24.0).max(64.0),
            (32.0 + dots).max(70.0),
            (32.0 + dots).max(60.0),
            BAR_WIDTH + 90.0,
        ];
        let columns = widths
            .iter()
            .scan(MARGIN, |x, w| {
                let at = *x;
                *x += w;
                Some(at)
            })
            .collect();
        Table {
            length,
            rows,
            columns,
            width: widths.iter().sum(),
        }
    }

    fn height(&self) -> f64 {
        self.rows as f64 * ROW
    }

    /// The top of a row.
    fn top(row: usize) -> f64 {
        MARGIN + row as f64 * ROW
    }

    /// Every other row shaded, from the first below the header.
    fn stripes(&self, doc: &mut Doc) {
        for row in (1..self.rows).step_by(2) {
            doc.rect(
                MARGIN,
                Table::top(row),
                self.width,
                ROW,
                &[("fill", STRIPE)],
            );
        }
    }

    /// Text at the start of a cell.
    fn text(&self, doc: &mut Doc, col: usize, row: usize, text: &str, attrs: &[(&str, &str)]) {
        let y = Table::top(row) + ROW * 0.65;
        let x = self.columns[col] + 8.0;
        let attrs = [&[("text-anchor", "start"), ("fill", INK)][..], attrs].concat();
        doc.text(x, y, 13.0, text, &attrs);
    }

    /// A history entry: its number, the guess, and strikes and balls as numbers and dots.
    fn entry(&self, doc: &mut Doc, row: usize, entry: &HistoryEntry) {
        self.text(doc, 0, row, &(row - 1).to_string(), &[]);
        let mono = [("font-family", "monospace"), ("font-weight", "bold")];
        self.text(doc, 1, row, &entry.guess, &mono);
        for (col, count, colour) in [(2, entry.strikes, STRIKE), (3, entry.balls, BALL)] {
            self.text(doc, col, row, &count.to_string(), &[]);
            let y = Table::top(row) + ROW / 2.0;
            for d in 0..count.min(self.length as u32) {
                let x = self.columns[col] + 28.0 + f64::from(d) * 10.0;
                doc.circle(x, y, 4.0, &[("fill", colour)]);
            }
        }
    }

    /// The secrets left after a row, as a number and a bar on a log scale of `total`.
    fn secrets_left(&self, doc: &mut Doc, row: usize, left: u64, total: u64) {
        if left == 0 {
            let alert = [("fill", ALERT)];
            self.text(doc, 4, row, "0: the answers contradict", &alert);
            return;
        }
        let (x, y) = (self.columns[4] + 8.0, Table::top(row));
        let share = ((left as f64).ln_1p() / (total as f64).ln_1p()).clamp(0.0, 1.0);
        doc.rect(
            x,
            y + 6.0,
            (BAR_WIDTH * share).max(2.0),
            ROW - 12.0,
            &[("fill", BAR)],
        );
        let attrs = [("text-anchor", "start"), ("fill", INK)];
        let tx = x + BAR_WIDTH * share + 6.0;
        doc.text(tx, y + ROW * 0.65, 13.0, &left.to_string(), &attrs);
    }
}
