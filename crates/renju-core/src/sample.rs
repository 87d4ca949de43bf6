//! Seeded, realistic middle-game positions for benches and tests.
//!
//! Each game starts at h8 and every move is drawn among the empty points within two of a stone
//! (where real games are fought), never a winning or forbidden one, so the positions are dense
//! black-and-white fights with live threes and fours rather than scattered noise.

use crate::board::{Board, Color, Point};
use crate::game::{AfterEnd, Game, Judgement};
use crate::notation::ParsedMove;
use crate::rules::Rule;

/// xorshift64*: a tiny deterministic generator.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is replaced by a fixed non-zero constant).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// One position of about `stones` stones from seeded play (fewer if the play gets stuck).
pub fn middle_game(rng: &mut Rng, stones: usize) -> Board {
    let mut game = Game::new(Rule::Renju);
    let mut k = 0;
    let _ = game.play(k, ParsedMove::At(Point { x: 7, y: 7 }), AfterEnd::Refuse);
    k += 1;
    while game.board().count(Color::Black) + game.board().count(Color::White) < stones {
        let cands: Vec<Point> = (0..225)
            .map(Point::from_index)
            .filter(|&p| {
                game.board().get(p).is_none()
                    && (-2i64..=2).any(|dx| {
                        (-2i64..=2).any(|dy| {
                            Point::new(i64::from(p.x) + dx, i64::from(p.y) + dy)
                                .is_some_and(|q| game.board().get(q).is_some())
                        })
                    })
            })
            .collect();
        if cands.is_empty() {
            break;
        }
        let mut placed = false;
        for _ in 0..50 {
            let p = cands[rng.below(cands.len())];
            if game.judge(p) == Judgement::Legal {
                let _ = game.play(k, ParsedMove::At(p), AfterEnd::Refuse);
                k += 1;
                placed = true;
                break;
            }
        }
        if !placed {
            break;
        }
    }
    game.into_board()
}

/// `n` positions of 20..=60 stones from one seed.
pub fn middle_games(seed: u64, n: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let stones = 20 + rng.below(41);
            middle_game(&mut rng, stones)
        })
        .collect()
}

/// `n` random black-heavy positions (30..120 stones in a 9x9..15x15 centred square, black two
/// to four times as frequent as white): not game-like, but rich in double-threes and chains of
/// threes, the slow path of the forbidden test.
pub fn black_heavy(seed: u64, n: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let side = 9 + rng.below(7);
            let lo = (15 - side) / 2;
            let stones = 30 + rng.below(91);
            let ratio = 2 + rng.below(3);
            let mut b = Board::new();
            for _ in 0..stones {
                let p = Point {
                    x: (lo + rng.below(side)) as u8,
                    y: (lo + rng.below(side)) as u8,
                };
                if b.get(p).is_none() {
                    let c = if rng.below(ratio + 1) < ratio {
                        Color::Black
                    } else {
                        Color::White
                    };
                    b.place(p, c);
                }
            }
            b
        })
        .collect()
}
