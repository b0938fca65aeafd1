"""``python -m barbu_dsl`` runs the ``barbu`` command."""

from .cli import main

if __name__ == "__main__":
    main()
