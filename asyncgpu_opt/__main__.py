"""``python -m asyncgpu_opt``."""

from .cli import main

main()
