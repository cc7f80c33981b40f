"""Engine texts (written in 繁體, as the rule book is) shown on a 简体 page.

The engine's names, reasons and messages use a small, fixed vocabulary; this maps each of its
traditional characters to the simplified one. The seed's own words (``quote``) are never
converted: they are shown as the seed wrote them.
"""

from __future__ import annotations

_PAIRS = (
    "並并 來来 個个 兩两 別别 則则 單单 帶带 幾几 張张 從从 應应 慶庆 數数 於于 時时 條条 東东 槓杠 "
    "樣样 欄栏 歸归 沒没 湊凑 為为 無无 爛烂 獨独 當当 發发 種种 稱称 紅红 組组 經经 與与 莊庄 萬万 "
    "補补 裡里 複复 規规 請请 讀读 負负 財财 車车 這这 連连 進进 過过 選选 邊边 錢钱 鍵键 鑽钻 門门 "
    "開开 閒闲 間间 雙双 顯显 風风 餵喂 麼么 點点 龍龙 對对 將将 後后 頂顶 順顺 須须 麻麻 歲岁 "
    "實实 該该 須须 應应 說说 錯错 張张 國国 會会 聽听 攤摊 盤盘 剩剩 還还 嗎吗 壓压 級级 號号 頭头 "
    # the app's own refusals: archived, caps, share links, members
    "刪删 員员 場场 導导 廢废 復复 換换 檔档 舊旧 記记 銷销 鏈链"
)
TO_HANS = str.maketrans({pair[0]: pair[1] for pair in _PAIRS.split()})


def to_hans(text: str) -> str:
    """The simplified form of an engine text.

    >>> to_hans("3s 補上邊張 12s — 邊張跑風")
    '3s 补上边张 12s — 边张跑风'
    """
    return text.translate(TO_HANS)
