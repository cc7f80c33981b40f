"""Engine texts in the page's script.

Anqing's names, reasons and messages are written in 繁體 (as its rule book is), Anji's in 简体
(as its seed is). Each uses a small, fixed vocabulary: ``to_hans`` maps the traditional
characters of those texts to simplified ones for a 简体 page, ``to_hant`` the simplified ones to
traditional (Taiwan forms, as OpenCC's s2tw gives them) for a 繁體 page. The seed's own words
(``quote``) are never converted: they are shown as the seed wrote them.
"""

from __future__ import annotations

import threading

import opencc

_PAIRS = (
    "並并 來来 個个 兩两 別别 則则 單单 帶带 幾几 張张 從从 應应 慶庆 數数 於于 時时 條条 東东 槓杠 "
    "樣样 欄栏 歸归 沒没 湊凑 為为 無无 爛烂 獨独 當当 發发 種种 稱称 紅红 組组 經经 與与 莊庄 萬万 "
    "補补 裡里 複复 規规 請请 讀读 負负 財财 車车 這这 連连 進进 過过 選选 邊边 錢钱 鍵键 鑽钻 門门 "
    "開开 閒闲 間间 雙双 顯显 風风 餵喂 麼么 點点 龍龙 對对 將将 後后 頂顶 順顺 須须 麻麻 歲岁 "
    "實实 該该 須须 應应 說说 錯错 張张 國国 會会 聽听 攤摊 盤盘 剩剩 還还 嗎吗 壓压 級级 號号 頭头 "
    # the app's own refusals: archived, caps, share links, members
    "刪删 員员 場场 導导 廢废 復复 換换 檔档 舊旧 記记 銷销 鏈链 "
    # 紅中's (scoring/hongzhong) traditional characters
    "搶抢 "
    # the games' own words (Features: what the base silver does)
    "礎础 筆笔 銀银"
)


class _Table(dict):
    """A ``str.translate`` table: the pairs written here first; any other Chinese character as
    OpenCC converts it alone (found once, then kept), so a text with a character the pairs miss
    still reads in one script ("他們…合併" on a 简体 page)."""

    def __init__(self, pairs: str, config: str) -> None:
        super().__init__(str.maketrans({pair[0]: pair[1] for pair in pairs.split()}))
        self.config = config
        self.converter: opencc.OpenCC | None = None
        self.lock = threading.Lock()

    def __missing__(self, code: int) -> str:
        character = chr(code)
        if not ("\u3400" <= character <= "\u9fff" or "\uf900" <= character <= "\ufaff"):
            raise LookupError(character)
        with self.lock:
            if self.converter is None:
                self.converter = opencc.OpenCC(self.config)
            converted = self.converter.convert(character)
        converted = converted if len(converted) == 1 else character
        self[code] = converted
        return converted


TO_HANS = _Table(_PAIRS, "t2s")


def to_hans(text: str) -> str:
    """The simplified form of an engine text.

    >>> to_hans("3s 補上邊張 12s — 邊張跑風")
    '3s 补上边张 12s — 边张跑风'
    """
    return text.translate(TO_HANS)


# Anji's and 紅中's texts (scoring/anji, scoring/hongzhong), simplified → traditional; tests check
# every text the engine gives
# against OpenCC's s2tw, and that no Anqing text changes.
_HANT_PAIRS = (
    "万萬 与與 东東 两兩 个個 为為 于於 体體 余餘 兰蘭 写寫 冲衝 况況 则則 别別 却卻 叠疊 后後 "
    "头頭 对對 将將 幺幺 庄莊 应應 开開 张張 当當 数數 无無 时時 杠槓 条條 没沒 点點 着著 础礎 "
    "种種 简簡 组組 经經 结結 给給 补補 规規 计計 认認 许許 识識 请請 读讀 负負 财財 过過 这這 "
    "连連 选選 里裡 长長 闲閒 间間 项項 顺順 飘飄 "
    # 紅中's texts (scoring/hongzhong), mostly 简体 as its seed
    "几幾 响響 够夠 戏戲 抢搶 担擔 游遊 筑築 红紅 进進 鸟鳥 "
    # the games' own words (Features: what the base silver does)
    "笔筆 钱錢 银銀"
)
TO_HANT = _Table(_HANT_PAIRS, "s2tw")


def to_hant(text: str) -> str:
    """The traditional form of an engine text.

    >>> to_hant("爆头（2分）更高，方法只计最高的一项")
    '爆頭（2分）更高，方法只計最高的一項'
    """
    return text.translate(TO_HANT)
