"""Deckhand's avatar: two playing cards fanned on the bot's blue, drawn with matplotlib.

Run: python scripts/avatar.py [OUT.png]. Upload the picture as the application's avatar in the
Discord Developer Portal (a bot cannot be given one by the code: Discord keeps it per application).
`make screenshots` draws it too and shows it beside every message of the bot.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

BLUE = (46 / 255, 134 / 255, 171 / 255)
INK = (0.13, 0.15, 0.18)


def draw_avatar(size: int = 256) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.patches import Circle, FancyBboxPatch
    from matplotlib.transforms import Affine2D

    fig = plt.figure(figsize=(size / 100, size / 100), dpi=100)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.axis("off")
    ax.add_patch(Circle((0.5, 0.5), 0.5, color=BLUE))
    for angle, dx, face in ((-14, -0.06, (0.86, 0.9, 0.93)), (10, 0.05, (1, 1, 1))):
        card = FancyBboxPatch(
            (0.33 + dx, 0.24), 0.34, 0.5, boxstyle="round,pad=0.02,rounding_size=0.05", fc=face, ec=INK, lw=2
        )
        card.set_transform(Affine2D().rotate_deg_around(0.5, 0.45, angle) + ax.transData)
        ax.add_patch(card)
    ax.text(
        0.55,
        0.5,
        "D",
        ha="center",
        va="center",
        fontsize=size * 0.22,
        fontweight="bold",
        color=BLUE,
        rotation=-10,
    )
    out = io.BytesIO()
    fig.savefig(out, format="png", transparent=True)
    plt.close(fig)
    return out.getvalue()


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("avatar.png")
    target.write_bytes(draw_avatar())
    print(f"avatar written to {target}")
