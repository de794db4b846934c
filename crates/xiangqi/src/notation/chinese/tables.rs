//! The characters of Chinese notation, every variant in use.
//!
//! Sources: 1960 rules §6 (four characters, red's files 一…九, black's 1…9, 进/退/平);
//! 1956 rules (上/下 for 进/退, and 車 for Black's rook as well as Red's);
//! ElephantEye `Word2Piece` (`xqbase/eleeye`) and vschess (`FastLight126/vschess`): 帅帥将將
//! 仕士 相象 马馬傌 车車俥硨 炮砲包 兵卒; vschess's financial numerals 壹…玖; the full-width
//! digits of GBK files (xqbase PGN, ElephantEye's output).

use crate::Role;

use super::super::spec::{Dir, Place};

/// The role a piece character names. Either side's name is accepted for either side (the
/// 1956 text writes Black's rook 車 and Red's 车 alike): the side to move decides the colour.
pub(crate) fn role(c: char) -> Option<Role> {
    Some(match c {
        '帅' | '帥' | '将' | '將' | '王' => Role::King,
        '仕' | '士' => Role::Advisor,
        '相' | '象' => Role::Elephant,
        '马' | '馬' | '傌' | '㐷' | '碼' => Role::Horse,
        '车' | '車' | '俥' | '伡' | '硨' | '砗' => Role::Rook,
        '炮' | '砲' | '包' => Role::Cannon,
        '兵' | '卒' => Role::Pawn,
        _ => return None,
    })
}

/// A numeral 1–9 in any style, and whether it is a Chinese-style numeral (一, 壹) rather
/// than a digit (1, １).
pub(crate) fn numeral(c: char) -> Option<(u8, bool)> {
    let chinese = |n: u8| Some((n, true));
    match c {
        '1'..='9' => Some((c as u8 - b'0', false)),
        '１'..='９' => Some(((c as u32 - '０' as u32) as u8, false)),
        '一' | '壹' => chinese(1),
        '二' | '贰' | '貳' | '弍' => chinese(2),
        '三' | '叁' | '參' | '弎' => chinese(3),
        '四' | '肆' => chinese(4),
        '五' | '伍' => chinese(5),
        '六' | '陆' | '陸' => chinese(6),
        '七' | '柒' => chinese(7),
        '八' | '捌' => chinese(8),
        '九' | '玖' => chinese(9),
        _ => None,
    }
}

/// 进 進 上 (1956) forward; 退 下 (1956) back; 平 sideways.
pub(crate) fn direction(c: char) -> Option<Dir> {
    Some(match c {
        '进' | '進' | '上' => Dir::Forward,
        '退' | '下' => Dir::Backward,
        '平' => Dir::Sideways,
        _ => return None,
    })
}

/// 前 front, 中 middle, 后/後 rear.
pub(crate) fn place(c: char) -> Option<Place> {
    Some(match c {
        '前' => Place::Front,
        '中' => Place::Middle,
        '后' | '後' => Place::Rear,
        _ => return None,
    })
}

/// Whether a character belongs to Chinese notation (for detection and tokenising).
pub(crate) fn is_notation_char(c: char) -> bool {
    role(c).is_some()
        || direction(c).is_some()
        || place(c).is_some()
        || matches!(numeral(c), Some((_, true)))
        || ('１'..='９').contains(&c)
}

/// Red's numerals, 一 to 九.
pub(crate) const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
